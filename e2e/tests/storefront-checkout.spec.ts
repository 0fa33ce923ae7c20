import { expect, test } from '@playwright/test';
import { chooseVariant, newCustomer, productsInStock } from './helpers.ts';

test('a new customer registers, fills the cart, pays cash on delivery and cancels one item', async ({
  page,
  request,
}) => {
  const c = newCustomer();
  await page.goto('/register');
  for (const [label, value] of [
    ['Full Name', c.fullName],
    ['Email', c.email],
    ['Password (at least 8 characters)', c.password],
    ['Mobile Number', c.mobile],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registered Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/allProducts$/);

  // The menu now greets the customer and offers their links.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu.getByText(`Hello, ${c.fullName}`)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Two products into the cart from their pages.
  const [a, b] = await productsInStock(request, 2);
  for (const p of [a!, b!]) {
    await page.goto(`/product-page/${p._id}`);
    await chooseVariant(page, p.variant);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Added' })).toBeDisabled();
  }

  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/cart-page$/);
  await expect(page.getByTestId('cart-count')).toHaveText('2 items');
  await expect(page.getByTestId('summary-pieces')).toHaveText('2');

  // Quantities: minus is disabled at 1; plus twice on the first line, minus once → 2.
  const lineA = page.locator('.cart-line').filter({ hasText: a!.productName });
  await expect(lineA.getByRole('button', { name: /^Decrease/ })).toBeDisabled();
  await lineA.getByRole('button', { name: /^Increase/ }).click();
  await expect(lineA.locator('output')).toHaveText('2');
  await lineA.getByRole('button', { name: /^Increase/ }).click();
  await expect(lineA.locator('output')).toHaveText('3');
  await lineA.getByRole('button', { name: /^Decrease/ }).click();
  await expect(lineA.locator('output')).toHaveText('2');
  await expect(page.getByTestId('summary-pieces')).toHaveText('3');
  const subtotal = a!.price * 2 + b!.price;
  const rupees = (n: number) =>
    `Rs. ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('summary-subtotal')).toHaveText(rupees(subtotal));
  await expect(page.getByTestId('summary-gst')).toHaveText(rupees(Math.round(subtotal * 18) / 100));

  // Checkout is disabled until a payment method is chosen.
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeDisabled();
  await page.getByLabel('Payment method').selectOption('COD');
  await checkout.click();

  // Sign-up asked for no address: checkout asks for one, and may keep it in the address book.
  await expect(page).toHaveURL(/\/shipping-address$/);
  await expect(page.getByLabel('Full Name')).toHaveValue(c.fullName);
  await page.getByLabel('Address', { exact: true }).fill(c.address);
  await page.getByLabel('City').fill(c.city);
  await page.getByLabel('State').selectOption(c.state);
  await page.getByLabel('PIN code').fill(c.postalCode);
  await page.getByRole('checkbox', { name: 'Save to my address book' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Address Saved')).toBeVisible();

  await expect(page).toHaveURL(/\/place-order-page$/);
  await expect(page.getByTestId('order-address')).toContainText(c.address);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success$/);
  await expect(page.getByRole('heading', { name: 'Order Placed' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^VA-[0-9A-F]{8}$/);

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  // One checkout of two products is one order, with both items in it.
  await expect(page.getByTestId('orders-count')).toHaveText('1 order');
  await expect(page.getByTestId('order')).toContainText(`Order ${number}`);
  const items = page.getByTestId('order-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Pending');

  const itemB = items.filter({ hasText: b!.productName });
  await itemB.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('One Order Cancelled')).toBeVisible();
  await expect(itemB).toContainText('Cancelled');
  await expect(itemB.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // The cart is empty after the order.
  await page.goto('/cart-page');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});
