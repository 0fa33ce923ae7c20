import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { products, productVariants } from '../../db/schema.ts';
import { pngImage } from '../media/upload-testkit.ts';
import { checkCatalogue, readCatalogueCsv, runImport } from './catalogue-csv.ts';
import { HEADER, importCatalogue, row, upload } from './catalogue-testkit.ts';

/** Bulk catalogue (issue 23): template, dry run with errors per row and field, all-or-nothing import, export. */
let ctx: TestContext;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const importCsv = (seller: FastAccount, csv: string, opts: { dryRun: boolean; zip?: Uint8Array }) =>
  importCatalogue(ctx.app, seller, csv, opts);

const productsOf = (sellerId: string) =>
  ctx.db.select().from(products).where(eq(products.sellerId, sellerId));

describe('the catalogue CSV', () => {
  it('offers a template whose rows import as they are (photos from the ZIP, through the media pipeline)', async () => {
    const seller = await quickSeller(ctx.app);
    const template = await call('GET', '/api/seller/catalogue/template.csv', seller);
    expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(template.body.split('\r\n')[0]).toBe(HEADER);
    const png = await pngImage(800, 1000);
    const zip = zipSync({ 'photos/indigo-kurta-front.jpg': png, 'indigo-kurta-back.jpg': png });
    const dry = await importCsv(seller, template.body, { dryRun: true, zip });
    expect(dry.json()).toEqual({ success: true, ok: true, dryRun: true, rows: 2, products: 1, errors: [] });
    expect(await productsOf(seller.id)).toEqual([]);

    const done = await importCsv(seller, template.body, { dryRun: false, zip });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ ok: true, dryRun: false, rows: 2, products: 1 });
    const [product] = await productsOf(seller.id);
    expect(product).toMatchObject({
      name: 'Indigo Cotton Kurta',
      stock: 20,
      pricePaise: 89_900,
      hsn: '6205',
    });
    // Both photos stored as renditions under /media, the front one the cover.
    expect(product!.images).toHaveLength(2);
    expect(product!.imageUrl).toMatch(/^\/media\/products\/[0-9a-f-]+\/\d+\.webp$/);
    expect(await ctx.app.deps.storage.exists(ctx.app.deps.storage.keyOfUrl(product!.imageUrl)!)).toBe(true);
    const variants = await ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product!.id));
    expect(variants.map((v) => [v.size, v.sku, v.stock, v.mrpPaise]).sort()).toEqual([
      ['L', 'KURTA-IND-L', 8, 129_900],
      ['M', 'KURTA-IND-M', 12, 129_900],
    ]);
  });

  it('reports every problem by row and field in a dry run, and an import with problems writes nothing', async () => {
    const seller = await quickSeller(ctx.app);
    const other = await quickSeller(ctx.app);
    await ctx.db.insert(productVariants).values({
      productId: (await insertProduct(ctx.db, seller.id)).id,
      sellerId: seller.id,
      size: 'XL',
      sku: 'TAKEN-1',
      stock: 1,
      pricePaise: 10_000,
    });
    const good = {
      product_name: 'Plain Tee',
      category: 'Mens',
      sub_category: 'gentsShirt',
      photos: 'https://img.example/tee.jpg',
    };
    const csv = [
      HEADER,
      row({ handle: 'tee', ...good, size: 'M', price: '499', stock: '5' }), // line 2: fine
      row({ handle: 'tee', size: 'L', price: 'abc', stock: '-1' }), // line 3: price, stock
      row({
        handle: 'dress',
        product_name: 'Summer Dress',
        category: 'Mens',
        sub_category: 'LadiesDress',
        size: 'M',
        price: '999',
        stock: '2',
        photos: 'missing.jpg',
      }), // line 4
      row({ handle: '', product_name: 'No handle', size: 'M', price: '1', stock: '1' }), // line 5
      row({ handle: 'sku', ...good, size: 'M', price: '10', stock: '1', sku: 'TAKEN-1', mark_price: '5' }), // line 6
    ].join('\n');
    const dry = await importCsv(seller, csv, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    const answer = dry.json();
    expect(answer).toMatchObject({ success: true, ok: false, dryRun: true, rows: 5 });
    const at = (line: number) =>
      answer.errors
        .filter((e: { row: number }) => e.row === line)
        .map((e: { field: string }) => e.field)
        .sort();
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(['price', 'stock']);
    expect(at(4)).toEqual(['photos', 'sub_category']);
    expect(at(5)).toEqual(['handle']);
    expect(at(6)).toEqual(['mark_price', 'sku']);
    expect(
      answer.errors.find((e: { row: number; field: string }) => e.row === 6 && e.field === 'sku'),
    ).toEqual({
      row: 6,
      field: 'sku',
      msg: 'SKU TAKEN-1 is already used by another of your products',
      path: 'rows.6.sku',
    });

    const refused = await importCsv(seller, csv, { dryRun: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      ok: false,
      error: expect.stringMatching(/^Nothing was imported/),
    });
    expect(await productsOf(seller.id)).toHaveLength(1); // only the one made above
    // Another seller's SKU is no clash: SKUs are unique per seller.
    const theirs = await importCsv(
      other,
      [HEADER, row({ handle: 'x', ...good, size: 'M', price: '10', stock: '1', sku: 'TAKEN-1' })].join('\n'),
      { dryRun: true },
    );
    expect(theirs.json().ok).toBe(true);
  });

  it('reports a SKU given twice in the file on its second line', async () => {
    const seller = await quickSeller(ctx.app);
    const good = {
      product_name: 'Plain Tee',
      category: 'Mens',
      sub_category: 'gentsShirt',
      photos: 'https://img.example/tee.jpg',
    };
    const csv = [
      HEADER,
      row({ handle: 'a', ...good, size: 'M', price: '499', stock: '5' }),
      row({ handle: 'b', ...good, size: 'M', price: '499', stock: '5', sku: 'DUP' }),
      row({ handle: 'c', ...good, size: 'M', price: '499', stock: '5', sku: 'DUP' }),
    ].join('\n');
    const res = await importCsv(seller, csv, { dryRun: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { row: 4, field: 'sku', msg: 'SKU DUP is also on line 3', path: 'rows.4.sku' },
    ]);
    expect(await productsOf(seller.id)).toEqual([]);
  });

  it('is one transaction: when the database refuses the last product, none is written', async () => {
    const seller = await quickSeller(ctx.app);
    const good = {
      product_name: 'Plain Tee',
      category: 'Mens',
      sub_category: 'gentsShirt',
      photos: 'https://img.example/tee.jpg',
    };
    const csv = [
      HEADER,
      ...Array.from({ length: 30 }, (_, i) =>
        row({ handle: `p${i}`, ...good, size: 'M', price: '499', stock: '5', sku: `RACE-${i}` }),
      ),
    ].join('\n');
    const plan = await checkCatalogue(ctx.db, seller.id, await readCatalogueCsv(Readable.from([csv])), null);
    expect(plan.errors).toEqual([]);
    // Another tab takes the last SKU between the check and the write.
    const taken = await insertProduct(ctx.db, seller.id);
    await ctx.db
      .update(productVariants)
      .set({ sku: 'RACE-29' })
      .where(eq(productVariants.productId, taken.id));
    await expect(runImport(ctx.db, ctx.app.deps.storage, seller.id, plan, null, 'flat18')).rejects.toThrow();
    expect((await productsOf(seller.id)).map((p) => p.id)).toEqual([taken.id]);
  });

  it('refuses a request without the CSV, a broken ZIP and a bad dryRun with clear 400s', async () => {
    const seller = await quickSeller(ctx.app);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/import',
      headers: seller.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('file');
    const zip = await importCsv(seller, HEADER, { dryRun: true, zip: new Uint8Array([1, 2, 3, 4]) });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().errors[0]).toMatchObject({
      path: 'photos',
      msg: 'The photos file is not a ZIP that can be read',
    });
    // A photo that would unpack past 5 MB (6 MB of zeros packs to a few kB) stays packed: 413.
    const bomb = zipSync({ 'big.png': new Uint8Array(6 * 1024 * 1024) });
    const csv = [
      HEADER,
      row({
        handle: 'b',
        product_name: 'Big',
        category: 'Mens',
        sub_category: 'gentsShirt',
        size: 'M',
        price: '1',
        stock: '1',
        photos: 'big.png',
      }),
    ].join('\n');
    const packed = await importCsv(seller, csv, { dryRun: true, zip: bomb });
    expect(packed.statusCode).toBe(413);
    expect(packed.json().errors).toEqual([
      { msg: 'big.png unpacks to more than 5 MB; each photo must be at most 5 MB', path: 'photos' },
    ]);
    const { payload, headers } = upload(HEADER);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/catalogue/import?dryRun=maybe',
      payload,
      headers: { ...headers, ...seller.headers },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('dryRun');
    expect((await call('POST', '/api/seller/catalogue/import', await quickUser(ctx.app))).statusCode).toBe(
      403,
    );
  });

  it('imports 5,000 rows (1,000 products × 5 sizes) in one transaction, and exports them back', async () => {
    const seller = await quickSeller(ctx.app);
    const lines = [HEADER];
    for (let p = 0; p < 1000; p++)
      for (const [i, size] of ['S', 'M', 'L', 'XL', 'XXL'].entries())
        lines.push(
          row({
            handle: `p${p}`,
            ...(i === 0
              ? {
                  product_name: `Cotton Shirt ${p}`,
                  category: 'Mens',
                  sub_category: 'gentsShirt',
                  brand: 'Bulk Co',
                  photos: `https://img.example/${p}.jpg`,
                }
              : {}),
            size,
            sku: `BULK-${p}-${size}`,
            price: String(500 + (p % 50)),
            stock: String((p + i) % 9),
          }),
        );
    const csv = lines.join('\r\n');
    const dryStart = performance.now();
    const dry = await importCsv(seller, csv, { dryRun: true });
    const dryMs = performance.now() - dryStart;
    expect(dry.json()).toMatchObject({ ok: true, rows: 5000, products: 1000 });
    const start = performance.now();
    const res = await importCsv(seller, csv, { dryRun: false });
    const importMs = performance.now() - start;
    expect(res.json()).toMatchObject({ ok: true, rows: 5000, products: 1000 });
    console.info(
      `catalogue import of 5,000 rows: dry run ${Math.round(dryMs)} ms, import ${Math.round(importMs)} ms`,
    );
    const made = await productsOf(seller.id);
    expect(made).toHaveLength(1000);
    const variants = await ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.sellerId, seller.id));
    expect(variants).toHaveLength(5000);
    // The export has the same rows back.
    const exported = await call('GET', '/api/seller/catalogue/export.csv', seller);
    expect(exported.body.trim().split('\r\n')).toHaveLength(5001);
  }, 180_000);
});
