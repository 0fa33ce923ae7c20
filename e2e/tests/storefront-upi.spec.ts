import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { chooseVariant, productsInStock, registerViaApi } from './helpers.ts';

/** The page at a phone's and a laptop's width, whole, into e2e/screenshots/ (not committed). */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({
      path: fileURLToPath(new URL(`../screenshots/${name}-${width}.png`, import.meta.url)),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a shopper pays by UPI on the offline test page after a declined first try', async ({
  page,
  request,
}) => {
  const c = await registerViaApi(page, request);
  const [p] = await productsInStock(request, 1);
  await page.goto(`/product-page/${p!._id}`);
  await chooseVariant(page, p!.variant);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  // The shop has no provider keys: UPI / Cards / Netbanking goes to the test page, and says so.
  await page.goto('/cart-page');
  const method = page.getByLabel('Payment method');
  await expect(method.getByRole('option', { name: 'UPI / Cards / Netbanking' })).toBeAttached();
  await method.selectOption('UPI / Cards / Netbanking');
  await expect(method).toHaveValue('Razorpay');
  await expect(page.getByText('Test mode: no real money is taken')).toBeVisible();
  await shoot(page, 'checkout-payment-method');
  await page.getByRole('button', { name: 'Checkout' }).click();

  // The address given at sign-up is in the book and chosen already.
  await expect(page).toHaveURL(/\/shipping-address$/);
  await expect(page.getByRole('radio', { name: new RegExp(c.address) })).toBeChecked();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/place-order-page$/);
  await expect(page.getByText('Payment: UPI / Cards / Netbanking')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The built-in test page: UPI, card and netbanking, each a form of its own.
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByRole('note')).toContainText('TEST MODE');
  await shoot(page, 'test-payment-page');
  const upi = page.getByRole('group', { name: 'UPI' });
  await upi.getByLabel('UPI id').fill('failure@upi');
  await upi.getByRole('button', { name: /^Pay .* by UPI$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('The UPI payment was declined in your UPI app');
  await expect(page).toHaveURL(/\/pay\//);
  await shoot(page, 'test-payment-declined');

  await upi.getByLabel('UPI id').fill('success@upi');
  await upi.getByRole('button', { name: /^Pay .* by UPI$/ }).click();

  await expect(page).toHaveURL(/\/order-success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Order Placed' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^VA-[0-9A-F]{8}$/);

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const order = page.getByTestId('order').filter({ hasText: `Order ${number}` });
  await expect(order).toContainText(p!.productName);
  // Paid; how it reads ("Card" or "UPI / Cards / Netbanking (Razorpay)") is the server's name for
  // an order the test page took, so only the status is asserted here.
  await expect(order).toContainText(/ · Paid/);
  await expect(order.getByTestId('order-item')).toContainText('Pending');
  await shoot(page, 'my-orders-upi');

  // Paid: the cart is empty again.
  await page.goto('/cart-page');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
