import type { Product, ProductSearchAnswer } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, auth, insertProduct, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { readCatalogVersion } from './version.ts';

/**
 * Issue 36: while a sale event runs its sale price is the price everywhere a shopper browses —
 * listings, the product page, featured, the wishlist, search (its sort and price filters) — for
 * anyone from its start, for signed-in shoppers from its early access; and it ends by itself, with
 * no write between (the cached answers switch at the window's boundaries).
 */

let ctx: TestContext;
let seller: Account;
let shopper: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await registerSeller(ctx.app, { companyName: 'Sale Looms' });
  shopper = await registerUser(ctx.app);
});
afterAll(() => ctx?.close());

const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const HOUR = 3_600_000;

/** A sale event written straight into its table (the offers module's admin API is another's). */
async function saleEvent(window: { startsAt: Date; endsAt: Date; earlyAccessAt?: Date }): Promise<string> {
  const result = await ctx.db.execute(
    sql`insert into sale_events (name, starts_at, ends_at, early_access_at)
        values ('Diwali Dhamaka', ${window.startsAt.toISOString()}, ${window.endsAt.toISOString()},
          ${window.earlyAccessAt?.toISOString() ?? null})
        returning id::text as "id"`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

async function salePrice(eventId: string, product: { id: string; variantId: string }, rupees: number) {
  await ctx.db.execute(
    sql`insert into sale_prices (event_id, variant_id, product_id, seller_id, sale_price_paise)
        values (${eventId}, ${product.variantId}, ${product.id}, ${seller.id}, ${rupees * 100})`,
  );
}

/** A product of its own brand (searches filter by it), at `rupees`, in stock. */
const product = (brand: string, rupees: number, name = `${brand} Kurta`) =>
  insertProduct(ctx.db, seller.id, { brand, name, pricePaise: rupees * 100, subCategory: 'gentsShirt' });

async function get<T>(url: string, token?: string): Promise<{ body: T; headers: Record<string, unknown> }> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as T, headers: res.headers };
}

const inListing = async (id: string, token?: string) =>
  (await get<Product[]>('/api/get-mens-shirts?limit=200', token)).body.find((p) => p._id === id);
const productPage = async (id: string, token?: string) =>
  (await get<Product>(`/api/product-page/${id}`, token)).body;
const search = async (query: string, token?: string) =>
  (await get<ProductSearchAnswer>(`/api/products?${query}`, token)).body;
const prices = (a: ProductSearchAnswer) => a.items.map((p) => [p.productName, p.price]);

const sleepUntil = async (when: Date) => {
  const wait = when.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
};

describe('a running sale event', () => {
  it('shows its sale price on the listing, the product page, featured and the wishlist', async () => {
    const onSale = await product('Runwell', 1000);
    const event = await saleEvent({ startsAt: at(-HOUR), endsAt: at(HOUR) });
    await salePrice(event, onSale, 600);

    for (const shown of [await inListing(onSale.id), await productPage(onSale.id)]) {
      expect(shown).toMatchObject({ price: 600, regularPrice: 1000, markPrice: 1000 });
      expect(shown!.sale).toMatchObject({ eventId: event, name: 'Diwali Dhamaka', earlyAccess: false });
      expect(shown!.variants[0]).toMatchObject({ price: 600, regularPrice: 1000 });
    }
    const featured = (await get<Product[]>('/api/featured')).body.find((p) => p._id === onSale.id);
    if (featured) expect(featured.price).toBe(600);

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/wishlist',
      headers: auth(shopper.token),
      payload: { productId: onSale.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const wishlist = await get<{ products: Product[] }>('/api/user/wishlist', shopper.token);
    expect(wishlist.body.products.find((p) => p._id === onSale.id)).toMatchObject({ price: 600 });
  });

  it('sorts and filters search results by the price paid now', async () => {
    const cheapNow = await product('Sortwell', 1000, 'Sortwell Sale Kurta');
    await product('Sortwell', 800, 'Sortwell Plain Kurta');
    const event = await saleEvent({ startsAt: at(-HOUR), endsAt: at(HOUR) });
    await salePrice(event, cheapNow, 600);

    expect(prices(await search('brand=Sortwell&sort=price_asc'))).toEqual([
      ['Sortwell Sale Kurta', 600],
      ['Sortwell Plain Kurta', 800],
    ]);
    expect(prices(await search('brand=Sortwell&sort=price_desc'))).toEqual([
      ['Sortwell Plain Kurta', 800],
      ['Sortwell Sale Kurta', 600],
    ]);
    // At its regular 1,000 it would pass the first filter and fail the second.
    expect(prices(await search('brand=Sortwell&minPrice=900'))).toEqual([]);
    const cheap = await search('brand=Sortwell&maxPrice=700');
    expect(prices(cheap)).toEqual([['Sortwell Sale Kurta', 600]]);
    expect(cheap.items[0]!.sale).toMatchObject({ eventId: event });
    // The price facet counts it in the band of the price paid, with or without other filters.
    for (const query of ['brand=Sortwell', 'brand=Sortwell&category=Mens&maxPrice=5000']) {
      const bands = new Map((await search(query)).facets.price.map((b) => [b.label, b.count]));
      expect(bands.get('Rs. 500 – Rs. 999')).toBe(2);
      expect(bands.get('Rs. 1,000 – Rs. 1,999')).toBe(0);
    }
  });
});

describe('early access', () => {
  it('shows the sale price to a signed-in shopper only, until the event starts', async () => {
    const early = await product('Earlywell', 1200);
    const event = await saleEvent({ earlyAccessAt: at(-HOUR), startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await salePrice(event, early, 500);

    for (const anonymous of [await inListing(early.id), await productPage(early.id)]) {
      expect(anonymous).toMatchObject({ price: 1200, sale: null });
    }
    for (const signedIn of [
      await inListing(early.id, shopper.token),
      await productPage(early.id, shopper.token),
    ]) {
      expect(signedIn).toMatchObject({ price: 500, regularPrice: 1200 });
      expect(signedIn!.sale).toMatchObject({ eventId: event, earlyAccess: true });
    }
    // A seller is no shopper, and a token that does not verify is nobody.
    expect(await productPage(early.id, seller.token)).toMatchObject({ price: 1200 });
    expect(await productPage(early.id, 'not-a-token')).toMatchObject({ price: 1200 });

    expect(prices(await search('brand=Earlywell&maxPrice=600'))).toEqual([]);
    expect(prices(await search('brand=Earlywell&maxPrice=600', shopper.token))).toEqual([
      ['Earlywell Kurta', 500],
    ]);
    expect(prices(await search('brand=Earlywell'))).toEqual([['Earlywell Kurta', 1200]]);

    const wishlisted = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/wishlist',
      headers: auth(shopper.token),
      payload: { productId: early.id },
    });
    expect(wishlisted.statusCode).toBe(200);
    const wishlist = await get<{ products: Product[] }>('/api/user/wishlist', shopper.token);
    expect(wishlist.body.products.find((p) => p._id === early.id)).toMatchObject({ price: 500 });

    // While the answer depends on who asks, a shared cache must not give one viewer's to another.
    const { headers } = await get(`/api/product-page/${early.id}`);
    expect(String(headers.vary)).toContain('auth-token');
  });
});

describe('an event changed by the offers module', () => {
  it('shows at once: ended early, opened again, its price changed, removed', async () => {
    const edited = await product('Editwell', 1000);
    const event = await saleEvent({ startsAt: at(-HOUR), endsAt: at(HOUR) });
    await salePrice(event, edited, 700);
    const shown = async () => ({
      listed: (await inListing(edited.id))!.price,
      searched: (await search('brand=Editwell')).items.map((p) => p.price),
      underEightHundred: (await search('brand=Editwell&maxPrice=800')).total,
    });
    expect(await shown()).toEqual({ listed: 700, searched: [700], underEightHundred: 1 });

    await ctx.db.execute(
      sql`update sale_events set ends_at = now() - interval '1 second' where id = ${event}`,
    );
    expect(await shown()).toEqual({ listed: 1000, searched: [1000], underEightHundred: 0 });

    // Search indexes loaded meanwhile no longer hold an ended event's prices: reopening names them.
    await ctx.db.execute(sql`update sale_events set ends_at = now() + interval '1 hour' where id = ${event}`);
    expect(await shown()).toEqual({ listed: 700, searched: [700], underEightHundred: 1 });

    await ctx.db.execute(sql`update sale_prices set sale_price_paise = 85000 where event_id = ${event}`);
    expect(await shown()).toEqual({ listed: 850, searched: [850], underEightHundred: 0 });

    await ctx.db.execute(sql`delete from sale_events where id = ${event}`);
    expect(await shown()).toEqual({ listed: 1000, searched: [1000], underEightHundred: 0 });
  });

  it('moves the sale shown in search answers with its window', async () => {
    const moved = await product('Movewell', 1000);
    const event = await saleEvent({ startsAt: at(-HOUR), endsAt: at(HOUR) });
    await salePrice(event, moved, 700);
    const endsShown = async () => (await search('brand=Movewell')).items[0]!.sale?.endsAt;
    const before = await endsShown();
    expect(before).toBeDefined();
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * HOUR);
    await ctx.db.execute(sql`update sale_events set ends_at = ${later.toISOString()} where id = ${event}`);
    expect(await endsShown()).not.toBe(before);
    expect(await endsShown()).toBe(later.toISOString());
    expect((await productPage(moved.id)).sale?.endsAt).toBe(later.toISOString());
  });
});

describe('the window, with no write between', () => {
  it('switches cached answers at early access, the start and the end', async () => {
    const timed = await product('Timewell', 900);
    const earlyAccessAt = at(1_500);
    const startsAt = at(3_000);
    const endsAt = at(4_500);
    const event = await saleEvent({ earlyAccessAt, startsAt, endsAt });
    await salePrice(event, timed, 450);
    const version = await readCatalogVersion(ctx.db);

    const shown = async () => ({
      anonymous: (await inListing(timed.id))!.price,
      signedIn: (await inListing(timed.id, shopper.token))!.price,
      page: (await productPage(timed.id))!.price,
      searched: (await search('brand=Timewell')).items.map((p) => p.price),
      underFiveHundred: (await search('brand=Timewell&maxPrice=500', shopper.token)).total,
    });
    // Twice each: the second is served from the cache.
    const before = { anonymous: 900, signedIn: 900, page: 900, searched: [900], underFiveHundred: 0 };
    expect(await shown()).toEqual(before);
    expect(await shown()).toEqual(before);

    await sleepUntil(earlyAccessAt);
    const early = { anonymous: 900, signedIn: 450, page: 900, searched: [900], underFiveHundred: 1 };
    expect(await shown()).toEqual(early);
    expect(await shown()).toEqual(early);

    await sleepUntil(startsAt);
    const running = { anonymous: 450, signedIn: 450, page: 450, searched: [450], underFiveHundred: 1 };
    expect(await shown()).toEqual(running);

    await sleepUntil(endsAt);
    expect(await shown()).toEqual(before);
    // No write happened between: the catalogue version is the one the event was written at.
    expect(await readCatalogVersion(ctx.db)).toBe(version);
  });
});
