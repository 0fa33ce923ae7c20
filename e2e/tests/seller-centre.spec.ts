import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newCustomer } from './helpers.ts';
import {
  addProductViaApi,
  makePng,
  placeCodOrderViaApi,
  registerSellerViaApi,
  rupees,
  shoot,
  signInAs,
} from './seller-helpers.ts';

/** The seller centre (issue 23) in Chromium: the dashboard, shipping with an AWB, bulk catalogue upload. */

test('a seller sees the dashboard, ships two orders at once with courier and AWB, and the shopper sees the tracking link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await registerSellerViaApi(request, 'Centre');
  const productName = `Centre kurta ${Date.now().toString(36)}`;
  const productId = await addProductViaApi(request, seller.token, productName);
  const customer = newCustomer();
  const user = await request.post('/api/auth/user/register', { data: customer });
  expect(user.ok(), await user.text()).toBeTruthy();
  const { authToken, userFullName } = (await user.json()) as { authToken: string; userFullName: string };
  await placeCodOrderViaApi(request, authToken, customer, productId, 1);
  await placeCodOrderViaApi(request, authToken, customer, productId, 2);

  // The dashboard: two orders, three units, Rs. 799 × 3 + 18% ordered, nothing received yet.
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-dashboard?days=7');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('kpi-orders')).toContainText('2');
  await expect(page.getByTestId('kpi-units')).toContainText('3');
  await expect(page.getByTestId('kpi-sales')).toContainText(rupees(2828.46));
  await expect(page.getByTestId('kpi-revenue')).toContainText(rupees(0));
  await expect(page.getByRole('img', { name: 'Sales per day' })).toBeVisible();
  await expect(page.getByRole('region', { name: /To ship/ })).toContainText(`COD: collect ${rupees(942.82)}`);
  await shoot(page, 'seller-dashboard');

  // Orders: what the buyer pays with GST and the cash to collect; both shipped with one AWB.
  await page.goto('/seller-orders');
  const cards = page.getByRole('listitem', { name: `Order of ${productName}` });
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByTestId('cod-collect')).toHaveText(rupees(1885.64));
  await page.getByRole('button', { name: 'Select all to ship' }).click();
  await page.getByRole('button', { name: 'Ship selected (2)' }).click();
  const dialog = page.getByRole('form', { name: 'Shipment details' });
  await dialog.getByLabel('Courier').fill('Blue Dart');
  await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(dialog.getByText('Enter the AWB number')).toBeVisible();
  await dialog.getByLabel('AWB number').fill('BD20261127');
  await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(page.getByText('2 shipped')).toBeVisible();
  await expect(cards.getByTestId('order-status')).toHaveText(['Shipped', 'Shipped']);
  await expect(cards.first()).toContainText('Blue Dart · AWB BD20261127');

  // A label as PDF for the first order.
  const [label] = await Promise.all([
    page.waitForEvent('download'),
    cards.first().getByRole('button', { name: 'Label 4×6' }).click(),
  ]);
  expect(label.suggestedFilename()).toMatch(/^label-VA-[0-9A-F]{8}-4x6\.pdf$/);
  expect(
    readFileSync((await label.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The shopper sees the courier, the AWB and the courier's tracking page.
  await signInAs(page, 'user', authToken, userFullName);
  await page.goto('/my-orders');
  await expect(page.getByTestId('item-tracking').first()).toContainText(
    'Shipped with Blue Dart · AWB BD20261127',
  );
  await expect(page.getByRole('link', { name: 'Track your parcel' }).first()).toHaveAttribute(
    'href',
    'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD20261127',
  );
});

test('a seller uploads a catalogue CSV with photos: the dry run lists the problems, the fixed file imports', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await registerSellerViaApi(request, 'Bulk');
  const tag = Date.now().toString(36);
  const header =
    'handle,product_name,category,sub_category,brand,color,description,hsn,size,variant_color,sku,price,mark_price,stock,photos';
  const bad = [
    header,
    `tee-${tag},Bulk Tee ${tag},Mens,gentsShirt,Bulk Co,White,,,M,White,BT-${tag}-M,499,,5,tee.png`,
    `tee-${tag},,,,,,,,L,White,BT-${tag}-L,abc,,4,`,
    `kurti-${tag},Bulk Kurti ${tag},Womens,girlsTop,Bulk Co,Red,,,M,Red,BK-${tag}-M,799,699,3,missing.png`,
  ].join('\n');
  const good = bad.replace(',abc,', ',499,').replace(',699,3,missing.png', ',999,3,tee.png');
  const dir = tmpdir();
  const csvBad = path.join(dir, `catalogue-bad-${tag}.csv`);
  const csvGood = path.join(dir, `catalogue-${tag}.csv`);
  writeFileSync(csvBad, bad);
  writeFileSync(csvGood, good);
  const zip = path.join(dir, `photos-${tag}.zip`);
  writeFileSync(zip, zipOf({ 'tee.png': makePng(200, 240) }));

  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-catalogue');
  await expect(page.getByRole('heading', { name: 'Bulk upload', level: 1 })).toBeVisible();
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV template' }).click(),
  ]);
  expect(readFileSync((await template.path())!, 'utf8').split('\r\n')[0]).toBe(header);

  await page.getByLabel('Catalogue CSV').setInputFiles(csvBad);
  await page.getByLabel(/Photos ZIP/).setInputFiles(zip);
  await page.getByRole('button', { name: 'Check file' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('3 problems to fix');
  const rows = result.getByRole('row');
  const cells = (problem: string) => rows.filter({ hasText: problem }).getByRole('cell');
  await expect(cells('Price must be a number')).toHaveText(['3', 'price', 'Price must be a number']);
  await expect(cells('missing.png is not in the ZIP')).toHaveText([
    '4',
    'photos',
    'missing.png is not in the ZIP',
  ]);
  await expect(cells('MRP cannot be less than the price')).toHaveText([
    '4',
    'mark_price',
    'MRP cannot be less than the price',
  ]);
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  await shoot(page, 'seller-catalogue-errors');

  await page.getByLabel('Catalogue CSV').setInputFiles(csvGood);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(result).toContainText('Ready to import');
  await expect(result).toContainText('3 rows · 2 products');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(result).toContainText('Imported');
  await page.goto('/seller-allProducts');
  await expect(page.getByText(`Bulk Tee ${tag}`)).toBeVisible();
  await expect(page.getByText(`Bulk Kurti ${tag}`)).toBeVisible();
  const list = await request.get('/api/seller/products?limit=50', {
    headers: { 'auth-token': seller.token },
  });
  const products = (await list.json()) as { productName: string; image: string; variants: unknown[] }[];
  const tee = products.find((p) => p.productName === `Bulk Tee ${tag}`)!;
  expect(tee.variants).toHaveLength(2);
  expect(tee.image).toMatch(/^\/media\/products\//);
});

/** A ZIP of stored (uncompressed) files: enough for a test upload, no library needed. */
function zipOf(files: Record<string, Buffer>): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
