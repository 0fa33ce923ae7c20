import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems, newCustomer, ok, shopDay } from './helpers.ts';
import { addProductViaApi, newSeller, rupees, shoot, signInAs } from './seller-helpers.ts';

/** Free shipping, no COD fee: what every other journey on this server expects (issue 37's defaults). */
const FREE = { freeAbove: 0, fee: 0, codFee: 0, feesTo: 'seller' };

/** The admin's token: ADMIN_EMAIL/ADMIN_PASSWORD, or the demo admin the e2e server made. */
async function adminToken(request: APIRequestContext) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DATA_DIR } = process.env;
  const admin =
    ADMIN_EMAIL && ADMIN_PASSWORD
      ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }
      : {
          email: 'admin@vastra.demo',
          password: readFileSync(path.join(E2E_DATA_DIR!, 'demo-admin-password'), 'utf8').trim(),
        };
  const res = await request.post('/api/auth/admin/admin-login', { data: admin });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { authToken: string }).authToken;
}

/** The element alone, at phone and desktop widths, into e2e/screenshots/. */
async function shootPart(page: Page, selector: string, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // In the middle of the window: at the top the sticky header would cover it.
    await page.locator(selector).evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(150);
    await page.locator(selector).screenshot({
      path: fileURLToPath(new URL(`../screenshots/${name}-${width}.png`, import.meta.url)),
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a PIN code on the product page promises a day and a fee; the cart and the COD order keep that day', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = Date.now().toString(36).toUpperCase();
  const problems: string[] = [];
  const axe = async (screen: string) => problems.push(...(await axeProblems(page, screen)));
  const asAdmin = { 'auth-token': await adminToken(request) };

  // Shipping costs Rs. 49 per seller's shipment under Rs. 999, and COD Rs. 20 (reset at the end:
  // the other journeys share this server and expect free shipping).
  await ok(
    await request.put('/api/admin/settings/shipping', {
      headers: asAdmin,
      data: { freeAbove: 999, fee: 49, codFee: 20, feesTo: 'seller' },
    }),
  );
  try {
    // A Bengaluru seller's Rs. 799 kurta, one size, collected from 560034.
    const s = newSeller('Delivery');
    const seller = await ok<{ authToken: string }>(
      await request.post('/api/auth/seller/register', { data: s }),
    );
    const asSeller = { 'auth-token': seller.authToken };
    await ok(
      await request.put('/api/seller/pickup-address', {
        headers: asSeller,
        data: {
          line1: '12 Hosur Road, Koramangala',
          city: 'Bengaluru',
          state: 'Karnataka',
          postalCode: '560034',
          phone: '9812345678',
        },
      }),
    );
    const productName = `Promise kurta ${id}`;
    const productId = await addProductViaApi(request, seller.authToken, productName);

    // What the server promises a piece of it to 560034 now: the day every screen must show.
    const promise = await ok<{ deliverBy: string; shippingFee: number; cod: boolean }>(
      await request.get(`/api/delivery/promise?productId=${productId}&pincode=560034`),
    );
    expect(promise).toMatchObject({ shippingFee: 49, cod: true });
    const day = shopDay(promise.deliverBy);

    // A shopper living in 560034 (the default address fills the box), signed in.
    const customer = { ...newCustomer(), address: '3 Koramangala 5th Block', postalCode: '560034' };
    const user = await ok<{ authToken: string; userFullName: string }>(
      await request.post('/api/auth/user/register', { data: customer }),
    );
    await signInAs(page, 'user', user.authToken, user.userFullName);
    await page.goto(`/product-page/${productId}`);
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Check delivery' });
    await expect(box).toHaveValue('560034');
    await expect(page.getByTestId('promise-date')).toHaveText(`Delivery by ${day}`);

    // An island PIN code: delivered, but no Cash On Delivery there.
    await box.fill('744101');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByTestId('promise-cod')).toHaveText('Cash On Delivery not available');
    await expect(page.getByTestId('delivery-promise')).toContainText('744101');
    // A PIN code India Post does not know: the server's message, beside the box.
    await box.fill('999999');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByTestId('delivery-promise').getByRole('alert')).toContainText('999999');

    // The shopper types their own PIN code: the day, the fee and COD.
    await box.fill('560034');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByTestId('promise-date')).toHaveText(`Delivery by ${day}`);
    await expect(page.getByTestId('promise-fee')).toContainText(`Delivery fee ${rupees(49)}`);
    await expect(page.getByTestId('promise-fee')).toContainText(rupees(999));
    await expect(page.getByTestId('promise-cod')).toHaveText('Cash On Delivery available');
    await shootPart(page, '.buy-box', 'delivery-pincode-box');
    await shoot(page, 'delivery-product');
    await axe('product page with a promise');
    // The device remembers it: the page opened again asks for it at once.
    await page.reload();
    await expect(page.getByTestId('promise-date')).toHaveText(`Delivery by ${day}`);

    // In Hindi the same day in Hindi.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.getByTestId('promise-date')).toContainText('तक डिलीवरी');
    await expect(page.getByTestId('promise-fee')).toContainText('₹49.00');
    await page.getByRole('button', { name: 'English' }).click();

    // The cart, Cash On Delivery chosen: the same day from this seller, its fee, the shipping and
    // COD fee rows.
    await ok(
      await request.put('/api/user/set-payment-method', {
        headers: { 'auth-token': user.authToken },
        data: { selectedMethod: 'COD' },
      }),
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('button', { name: 'Added' })).toBeVisible();
    await page.goto('/cart-page');
    const shipment = page.getByTestId('shipment');
    await expect(shipment.getByTestId('shipment-date')).toHaveText(
      `Arrives by ${day} · from ${s.companyName}`,
    );
    await expect(shipment.getByTestId('shipment-fee')).toHaveText(`Delivery fee ${rupees(49)}`);
    await expect(page.getByLabel('Payment method')).toHaveValue('COD');
    await expect(page.getByTestId('summary-shipping')).toHaveText(rupees(49));
    await expect(page.getByTestId('summary-cod-fee')).toHaveText(rupees(20));
    // Rs. 799 + Rs. 49 shipping + Rs. 20 COD fee, 18% GST on all three (flat18).
    await expect(page.getByTestId('summary-total')).toHaveText(rupees(1024.24));
    await shoot(page, 'delivery-cart');
    await shootPart(page, '.cart-layout aside', 'delivery-cart-summary');
    await axe('cart with a shipment');

    // Cash on delivery to the default address.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/shipping-address$/);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/place-order-page$/);
    await expect(page.getByTestId('shipment-date')).toHaveText(`Arrives by ${day} · from ${s.companyName}`);
    await expect(page.getByTestId('summary-cod-fee')).toHaveText(rupees(20));
    // Rs. 799 + Rs. 49 + Rs. 20, 18% GST on all three.
    await expect(page.getByTestId('summary-total')).toHaveText(rupees(1024.24));
    await shoot(page, 'delivery-place-order');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order-success$/);
    await expect(page.getByText(`Arriving by ${day}.`)).toBeVisible();

    // The order keeps the day promised, per item, and its charges.
    await page.getByRole('link', { name: 'View order' }).click();
    await expect(page.getByTestId('item-arriving')).toHaveText(`Arriving by ${day}`);
    await expect(page.getByTestId('summary-shipping')).toHaveText(rupees(49));
    await expect(page.getByTestId('summary-cod-fee')).toHaveText(rupees(20));
    await expect(page.getByTestId('summary-total')).toHaveText(rupees(1024.24));
    await shoot(page, 'delivery-order');
    await axe('order page');
    await page.goto('/my-orders');
    await expect(page.getByTestId('order').first().getByTestId('item-arriving')).toHaveText(
      `Arriving by ${day}`,
    );
  } finally {
    await ok(await request.put('/api/admin/settings/shipping', { headers: asAdmin, data: FREE }));
  }
  expect(problems).toEqual([]);
});
