import { expect, type Page, test } from '@playwright/test';
import { makePng, registerSellerViaApi, signInAs } from './seller-helpers.ts';

/** The add/edit form at phone and desktop widths, for a look (not compared). */
async function shootForm(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `/tmp/shots/seller-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a seller lists a product in three sizes and two colours, then changes one size’s stock', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await registerSellerViaApi(request, 'Grid');
  const productName = `Block-print shirt ${Date.now().toString(36)}`;
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-addProduct');

  await page.getByLabel('Product Name', { exact: true }).fill(productName);
  await page.getByLabel('Category', { exact: true }).selectOption('Mens');
  await page.getByLabel('Sub-category', { exact: true }).selectOption('gentsShirt');
  await page.getByLabel(/^Description/).fill('Hand block-printed cotton from Bagru. Wash cold, inside out.');
  // The sub-category's sizes are offered; ticking any replaces the single price and stock.
  await expect(page.getByRole('checkbox')).toHaveCount(8);
  for (const size of ['S', 'M', 'L']) await page.getByRole('checkbox', { name: size, exact: true }).check();
  await expect(page.getByLabel('Price (Rs.)', { exact: true })).toHaveCount(0);
  for (const colour of ['Indigo', 'Maroon']) {
    await page.getByLabel(/^Colours/).fill(colour);
    await page.getByLabel(/^Colours/).press('Enter');
  }
  const grid = page.getByRole('table', { name: 'Stock and price of each size' });
  await expect(grid.locator('tbody tr')).toHaveCount(6);
  await expect(grid.locator('tbody th')).toHaveText([
    'S · Indigo',
    'S · Maroon',
    'M · Indigo',
    'M · Maroon',
    'L · Indigo',
    'L · Maroon',
  ]);
  await page.getByLabel('Stock for all').fill('8');
  await page.getByLabel('Price for all').fill('1499');
  await page.getByLabel('MRP for all').fill('1999');
  await page.getByRole('button', { name: 'Apply to all' }).click();
  await expect(page.getByLabel('Stock of L / Maroon')).toHaveValue('8');
  await page.getByLabel('Price of S / Indigo').fill('1399');

  // Two photos; the second becomes the cover.
  await page.getByLabel('Product Image', { exact: true }).setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: makePng(320, 400) },
    { name: 'back.png', mimeType: 'image/png', buffer: makePng(300, 420) },
  ]);
  const photos = page.locator('.photo-list > li');
  await expect(photos).toHaveCount(2);
  await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await page.getByLabel('Alt text of photo 1').fill('Back of the shirt');
  // Move it back down and up again with the keyboard.
  await page.getByRole('button', { name: 'Move photo 1 down' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Alt text of photo 2')).toHaveValue('Back of the shirt');
  await page.getByRole('button', { name: 'Move photo 2 up' }).click();
  await expect(page.getByLabel('Alt text of photo 1')).toHaveValue('Back of the shirt');
  await page.getByLabel('Add a measurement').fill('Chest');
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByLabel('Chest of size M (cm)').fill('102');
  await shootForm(page, 'add-product');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product Added')).toBeVisible();
  await expect(page.getByTestId('upload-percent')).toHaveText('100%');

  // The list shows each size's stock.
  await page.goto('/seller-allProducts');
  const row = page.locator('table.seller-products tbody tr').first();
  await expect(row.locator('td[data-label="Name"]')).toHaveText(productName);
  await expect(row.locator('td[data-label="Stock"]')).toHaveText('48');
  await expect(row.locator('td[data-label="Sizes"] li')).toHaveCount(6);
  await expect(row.locator('td[data-label="Sizes"]')).not.toContainText('Low:');
  const href = await row.getByRole('link', { name: productName, exact: true }).getAttribute('href');
  const productId = href!.split('/').pop()!;
  const saved = await (await request.get(`/api/product-page/${productId}`)).json();
  expect(saved).toMatchObject({
    sizes: ['S', 'M', 'L'],
    stockQuantity: 48,
    price: 1399,
    description: 'Hand block-printed cotton from Bagru. Wash cold, inside out.',
    sizeChart: { measurements: ['Chest'] },
  });
  expect(saved.images).toHaveLength(2);
  expect(saved.images[0].alt).toBe('Back of the shirt');

  // The product page offers those sizes.
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  for (const size of ['S', 'M', 'L'])
    await expect(page.getByRole('button', { name: size, exact: true })).toBeVisible();

  // Edit one cell: M in Maroon down to 2, which the list then marks as low.
  await page.goto('/seller-allProducts');
  await page.getByRole('link', { name: `Edit ${productName}` }).click();
  await expect(page.getByLabel('Stock of M / Maroon')).toHaveValue('8');
  await expect(page.locator('.photo-list > li')).toHaveCount(2);
  await page.getByLabel('Stock of M / Maroon').fill('2');
  await shootForm(page, 'edit-product');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/seller-allProducts$/);
  const edited = page.locator('table.seller-products tbody tr').first();
  await expect(edited.locator('td[data-label="Stock"]')).toHaveText('42');
  await expect(edited.locator('td[data-label="Sizes"]')).toContainText('Low: M Maroon (2)');
  const after = await (await request.get(`/api/product-page/${productId}`)).json();
  expect(after.variants.map((v: { _id: string }) => v._id)).toEqual(
    saved.variants.map((v: { _id: string }) => v._id),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/shots/seller-products-390.png', fullPage: true });
});
