import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerViaApi } from './helpers.ts';
import { makePng, registerSellerViaApi } from './seller-helpers.ts';

/** Screenshots of the shopper's screens at phone and desktop widths, for a person to look at. */
async function shot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shots/shop-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function uploadPhoto(request: APIRequestContext, token: string, width: number) {
  const res = await request.post('/api/media/upload', {
    headers: { 'auth-token': token },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: makePng(width, 600) } },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { secure_url, public_id } = (await res.json()) as { secure_url: string; public_id: string };
  return { url: secure_url, public_id };
}

/** A seller's shirt in S (sold out), M (3 left) and L, with two photos, a description and a size chart. */
async function addSizedShirt(request: APIRequestContext) {
  const seller = await registerSellerViaApi(request, 'Sizes');
  const front = await uploadPhoto(request, seller.token, 480);
  const back = await uploadPhoto(request, seller.token, 500);
  const res = await request.post('/api/seller/add-product', {
    headers: { 'auth-token': seller.token },
    data: {
      productName: 'Handloom Linen Shirt',
      category: 'Mens',
      subCategory: 'gentsShirt',
      brand: 'Kora',
      description: 'Handwoven linen from Phulia, cut loose for humid summers.\nWash cold, dry in shade.',
      images: [
        { ...front, alt: 'Linen shirt, front' },
        { ...back, alt: 'Linen shirt, back' },
      ],
      variants: [
        { size: 'S', stock: 0, price: 1499 },
        { size: 'M', stock: 3, price: 1499, mrp: 1999 },
        { size: 'L', stock: 8, price: 1599 },
      ],
      sizeChart: {
        measurements: ['Chest', 'Length'],
        rows: [
          { size: 'S', cm: [96.5, 71] },
          { size: 'M', cm: [101.6, 73.5] },
          { size: 'L', cm: [106.7, 76] },
        ],
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

test('a shopper chooses a size, buys it cash on delivery and sees the size on the order', async ({
  page,
  request,
}) => {
  const productId = await addSizedShirt(request);
  const c = await registerViaApi(page, request);

  await page.goto(`/product-page/${productId}`);
  await expect(page.getByRole('heading', { name: 'Handloom Linen Shirt' })).toBeVisible();
  await expect(page.getByText('Handwoven linen from Phulia')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expect(page.getByText('Select a size')).toBeVisible();

  // The photos: the second is one click (or one arrow key) away.
  const photos = page.getByRole('list', { name: 'Photos of Handloom Linen Shirt' });
  /** Which photo the frame shows once its (smooth) scroll has settled. */
  const shown = () => photos.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
  await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
  await expect(page.getByText('2 / 2')).toBeVisible();
  // A slow machine may still be scrolling to the second photo: going back before it arrives would
  // race the scroll's own updates of the counter.
  await expect.poll(shown).toBe(1);
  await page.getByRole('button', { name: 'Previous photo' }).click();
  await expect(page.getByText('1 / 2')).toBeVisible();
  // On a phone the photos swipe: the frame scrolls sideways and snaps to the next one.
  await page.setViewportSize({ width: 390, height: 844 });
  const track = page.getByRole('list', { name: 'Photos of Handloom Linen Shirt' });
  await track.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
  await expect(page.getByText('2 / 2')).toBeVisible();
  await track.evaluate((el) => el.scrollBy({ left: -el.clientWidth }));
  await expect(page.getByText('1 / 2')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // S is sold out: shown, struck through, and cannot be chosen.
  const sizes = page.getByRole('group', { name: /^Size/ });
  const small = sizes.getByRole('button', { name: 'S, sold out' });
  await expect(small).toHaveAttribute('aria-disabled', 'true');
  await expect(small).toBeDisabled();
  await small.click({ force: true });
  await expect(small).toHaveAttribute('aria-pressed', 'false');
  await expect(add).toBeDisabled();

  // The size chart, in cm and in inches.
  await page.getByRole('button', { name: 'Size chart' }).click();
  const chart = page.getByRole('dialog', { name: 'Size chart' });
  await expect(chart.getByRole('cell', { name: '101.6' })).toBeVisible();
  await chart.getByRole('button', { name: 'inches' }).click();
  await expect(chart.getByRole('cell', { name: '40.0' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/shop-size-chart-1280.png' });
  await chart.getByRole('button', { name: 'Close size chart' }).click();
  await expect(chart).toBeHidden();

  await sizes.getByRole('button', { name: 'M', exact: true }).click();
  await expect(page.getByTestId('stock-line')).toHaveText('Only 3 left');
  await expect(page.getByTestId('buy-price')).toContainText('Rs. 1,499.00');
  await shot(page, 'product');
  // A mouse over the photo magnifies the large rendition under it.
  await page.locator('.gallery-main').hover({ position: { x: 120, y: 160 } });
  await expect(page.getByTestId('gallery-zoom')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/shop-zoom-1280.png' });
  await page.mouse.move(0, 0);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Added' })).toBeDisabled();

  await page.goto('/cart-page');
  const line = page.locator('.cart-line').filter({ hasText: 'Handloom Linen Shirt' });
  await expect(line.getByTestId('line-variant')).toHaveText('Size: M');
  await expect(line).toContainText('Rs. 1,499.00');
  await shot(page, 'cart');

  await page.getByLabel('Payment method').selectOption('COD');
  await page.getByRole('button', { name: 'Checkout' }).click();
  // The address given at sign-up is in the book and chosen already.
  await expect(page).toHaveURL(/\/shipping-address$/);
  await expect(page.getByRole('radio', { name: new RegExp(c.address) })).toBeChecked();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/place-order-page$/);
  await expect(page.getByTestId('line-variant')).toHaveText('Size: M');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed' })).toBeVisible();

  await page.getByRole('link', { name: 'View order' }).click();
  const item = page.getByTestId('order-item').filter({ hasText: 'Handloom Linen Shirt' });
  await expect(item.getByTestId('item-variant')).toHaveText('Size: M');
  await shot(page, 'order');

  // The seller's M went down by one; the product page now says so.
  await page.goto(`/product-page/${productId}`);
  await page.getByRole('group', { name: /^Size/ }).getByRole('button', { name: 'M', exact: true }).click();
  await expect(page.getByTestId('stock-line')).toHaveText('Only 2 left');
});

test('colour swatches show the sizes each colour comes in', async ({ page, request }) => {
  const seller = await registerSellerViaApi(request, 'Colours');
  const photo = await uploadPhoto(request, seller.token, 520);
  const res = await request.post('/api/seller/add-product', {
    headers: { 'auth-token': seller.token },
    data: {
      productName: 'Block Print Kurti',
      category: 'Womens',
      subCategory: 'girlsTop',
      images: [{ ...photo, alt: 'Block print kurti' }],
      variants: [
        { size: 'S', color: 'Blue', stock: 4, price: 699 },
        { size: 'M', color: 'Blue', stock: 6, price: 699 },
        { size: 'M', color: 'Maroon', stock: 0, price: 749 },
        { size: 'L', color: 'Maroon', stock: 5, price: 749 },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { product } = (await res.json()) as { product: { _id: string } };

  await page.goto(`/product-page/${product._id}`);
  const sizes = page.getByRole('group', { name: /^Size/ });
  await expect(page.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sizes.locator('.size-btn')).toHaveText(['S', 'M']);
  await page.getByRole('button', { name: 'Maroon' }).click();
  await expect(sizes.locator('.size-btn')).toHaveText(['M', 'L']);
  await expect(sizes.getByRole('button', { name: 'M, sold out' })).toHaveAttribute('aria-disabled', 'true');
  await sizes.getByRole('button', { name: 'L', exact: true }).click();
  await expect(page.getByTestId('buy-price')).toContainText('Rs. 749.00');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await shot(page, 'colours');
});
