import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newCustomer } from './helpers.ts';
import { addProductViaApi, newSeller, rupees, shoot, signInAs } from './seller-helpers.ts';

// A Karnataka seller's registration (valid GSTIN, check character included), so its order gets a tax invoice.
const GSTIN = '29AAACV0036B1ZV';
const MINUTE = 60_000;

/** The admin's token: ADMIN_EMAIL/ADMIN_PASSWORD, or the demo admin the e2e server made. */
async function adminLogin(request: APIRequestContext) {
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
  return (await res.json()) as { authToken: string; adminFullName: string };
}

/** Serious or critical accessibility problems axe finds on the page (none expected). */
async function axeProblems(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}

/** A call that must succeed, answering its JSON. */
async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test('a sale price on the card, a coupon in the cart, a COD order and the discount on the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = Date.now().toString(36).toUpperCase();
  const problems: string[] = [];
  const axe = async (screen: string) => problems.push(...(await axeProblems(page, screen)));
  const admin = await adminLogin(request);
  const asAdmin = { 'auth-token': admin.authToken };

  // A GST-registered seller's kurta at Rs. 799, one size.
  const s = newSeller('Offers');
  const reg = await request.post('/api/auth/seller/register', {
    data: { ...s, gstin: GSTIN, legalName: 'Offers Test Textiles Private Limited' },
  });
  const seller = { ...s, token: (await ok<{ authToken: string }>(reg)).authToken };
  const asSeller = { 'auth-token': seller.token };
  const productName = `Festive kurta ${id}`;
  const productId = await addProductViaApi(request, seller.token, productName);

  // The admin runs a sale from a minute ago for five hours; the seller prices the kurta at Rs. 699 in it.
  const saleName = `Diwali Sale ${id}`;
  const now = Date.now();
  const event = await ok<{ _id: string }>(
    await request.post('/api/admin/sale-events', {
      headers: asAdmin,
      data: {
        name: saleName,
        startsAt: new Date(now - MINUTE).toISOString(),
        endsAt: new Date(now + 5 * 60 * MINUTE + 12 * MINUTE).toISOString(),
      },
    }),
  );
  const grid = await ok<{ items: { variantId: string; productId: string }[] }>(
    await request.get(`/api/seller/sale-events/${event._id}/prices`, { headers: asSeller }),
  );
  const size = grid.items.find((r) => r.productId === productId)!;
  await ok(
    await request.put(`/api/seller/sale-events/${event._id}/prices`, {
      headers: asSeller,
      data: { items: [{ variantId: size.variantId, salePrice: 699 }] },
    }),
  );

  // A platform coupon: 10% off above Rs. 500, up to Rs. 300.
  const code = `FEST${id.slice(-6)}`;
  await ok(
    await request.post('/api/admin/coupons', {
      headers: asAdmin,
      data: { code, kind: 'percent', value: 10, minCartValue: 500, maxDiscount: 300, fundedBy: 'platform' },
    }),
  );

  // A shopper finds the kurta on sale: Rs. 699, the Rs. 799 it replaces struck through, the sale's name.
  const customer = newCustomer();
  const user = await ok<{ authToken: string; userFullName: string }>(
    await request.post('/api/auth/user/register', { data: customer }),
  );
  await signInAs(page, 'user', user.authToken, user.userFullName);
  const card = page.locator('.product-card').filter({ hasText: productName });
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(`kurta ${id}`)}`);
    await expect(card).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.locator('.price-now')).toHaveText(rupees(699));
  await expect(card.locator('.price-mark')).toContainText(rupees(799));
  await expect(card.locator('.price-off')).toHaveText('13% off');
  await expect(card.getByTestId('sale-badge')).toContainText(saleName);
  await expect(card.getByTestId('sale-badge')).toContainText(/Ends in 5h 1[12]m/);

  await shoot(page, 'offers-card-sale');
  await axe('search with a sale');
  await card.locator('.product-card-name').click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByTestId('buy-price')).toContainText(rupees(699));
  await expect(page.getByTestId('sale-badge')).toContainText(saleName);
  // The best coupon on one piece: 10% off Rs. 699.
  await expect(page.getByTestId('best-offer')).toHaveText(`Best offer: ${rupees(629.1)} with ${code}`);
  await shoot(page, 'offers-product-sale');
  await axe('product page on sale');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Added' })).toBeVisible();

  // In the cart: a wrong code is refused with the server's reason; the offer applies with a tap.
  await page.goto('/cart-page');
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await page.getByLabel('Coupon code').fill('NOSUCH1');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('coupon-error')).toHaveText('There is no coupon "NOSUCH1"');
  const offers = page.getByRole('region', { name: 'Offers for you' });
  await expect(offers).toContainText('10% off · up to Rs. 300.00 · above Rs. 500.00');
  await shoot(page, 'offers-cart-refused');
  await axe('cart, coupon refused');
  await offers.getByRole('button', { name: `Apply ${code}` }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText(`${code} applied: you save ${rupees(69.9)}`);
  await expect(page.getByTestId('summary-discount')).toHaveText(`−${rupees(69.9)}`);
  await expect(page.getByTestId('line-discount')).toHaveText(`Coupon −${rupees(69.9)}`);
  // Rs. 699 less Rs. 69.90, plus 18% GST (flat18): Rs. 629.10 + Rs. 113.24.
  await expect(page.getByTestId('summary-taxable')).toHaveText(rupees(629.1));
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(742.34));
  await shoot(page, 'offers-cart-coupon');
  await axe('cart with a coupon');
  // The same in Hindi.
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText(`${code} लागू: आपकी बचत ₹69.90`);
  await expect(page.getByText(`कूपन छूट (${code})`)).toBeVisible();
  await shoot(page, 'offers-cart-coupon-hi');
  await page.getByRole('button', { name: 'English' }).click();

  // Cash on delivery, to the shopper's address.
  await page.getByLabel('Payment method').selectOption('COD');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping-address$/);
  // The address given at sign-up is the default in the address book, already chosen.
  await expect(page.getByRole('radio', { name: new RegExp(customer.address) })).toBeChecked();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/place-order-page$/);
  await expect(page.getByTestId('summary-discount')).toHaveText(`−${rupees(69.9)}`);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success$/);
  await expect(page.getByRole('heading', { name: 'Order Placed' })).toBeVisible();

  // The order keeps the coupon; the seller ships, and the tax invoice shows the discount.
  const asUser = { 'auth-token': user.authToken };
  const [placed] = await ok<{ _id: string }[]>(await request.get('/api/user/orders', { headers: asUser }));
  const { order } = await ok<{
    order: {
      _id: string;
      couponCode: string | null;
      discount: number;
      items: { _id: string; discount: number }[];
    };
  }>(await request.get(`/api/user/orders/${placed!._id}`, { headers: asUser }));
  expect(order.couponCode).toBe(code);
  expect(order.discount).toBe(69.9);
  expect(order.items[0]!.discount).toBe(69.9);
  await ok(
    await request.post('/api/seller/orders/ship', {
      headers: asSeller,
      data: { itemIds: [order.items[0]!._id], courier: 'Delhivery', awb: `DL${id}` },
    }),
  );
  await page.goto(`/orders/${order._id}`);
  await expect(page.getByTestId('order-discount')).toHaveText(`−${rupees(69.9)}`);
  const shipped = await ok<{ items: { invoiceId: string | null }[] }[]>(
    await request.get('/api/user/orders', { headers: asUser }),
  );
  const invoiceId = shipped[0]!.items[0]!.invoiceId;
  expect(invoiceId).toBeTruthy();
  const { document } = await ok<{
    document: {
      couponCode: string | null;
      lines: { unitPrice: number; amount: number; discount: number; taxableValue: number }[];
      totals: { amount: number; discount: number; taxableValue: number; total: number };
    };
  }>(await request.get(`/api/invoices/${invoiceId}`, { headers: asUser }));
  expect(document.couponCode).toBe(code);
  expect(document.lines[0]).toMatchObject({
    unitPrice: 699,
    amount: 699,
    discount: 69.9,
    taxableValue: 629.1,
  });
  expect(document.totals).toMatchObject({ amount: 699, discount: 69.9, taxableValue: 629.1, total: 742.34 });

  // The screens behind it: the admin's coupons, the seller's price grid.
  await signInAs(page, 'admin', admin.authToken, admin.adminFullName);
  await page.goto('/dashboard/coupons');
  const row = page.getByTestId('coupon-table').getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('10% off · up to Rs. 300.00 · above Rs. 500.00');
  await expect(row).toContainText('1');
  await shoot(page, 'offers-admin-coupons');
  await axe('admin coupons');
  await page.goto('/dashboard/sale-events');
  await expect(page.getByTestId('sale-events').getByRole('row').filter({ hasText: saleName })).toContainText(
    'Running',
  );
  await shoot(page, 'offers-admin-sale-events');
  await axe('admin sale events');

  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-sales');
  await page.getByRole('link', { name: `Set sale prices, ${saleName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/seller-sales/${event._id}$`));
  await axe('seller sale events');
  await expect(page.getByRole('heading', { level: 1, name: saleName })).toBeVisible();
  await expect(page.getByLabel(`Sale price of ${productName} · Free Size`)).toHaveValue('699.00');
  await shoot(page, 'offers-seller-price-grid');
  await axe('seller price grid');
  expect(problems, problems.join('\n')).toEqual([]);
});

test('early access: a signed-in shopper sees the sale price before it opens to everyone', async ({
  page,
  request,
}) => {
  const id = Date.now().toString(36).toUpperCase();
  const admin = await adminLogin(request);
  const seller = await ok<{ authToken: string }>(
    await request.post('/api/auth/seller/register', { data: newSeller('Early') }),
  );
  const asSeller = { 'auth-token': seller.authToken };
  const productName = `Early kurta ${id}`;
  const productId = await addProductViaApi(request, seller.authToken, productName);
  // Open early since a minute ago; open to all in two hours.
  const now = Date.now();
  const event = await ok<{ _id: string }>(
    await request.post('/api/admin/sale-events', {
      headers: { 'auth-token': admin.authToken },
      data: {
        name: `Early Sale ${id}`,
        earlyAccessAt: new Date(now - MINUTE).toISOString(),
        startsAt: new Date(now + 120 * MINUTE).toISOString(),
        endsAt: new Date(now + 48 * 60 * MINUTE).toISOString(),
      },
    }),
  );
  const grid = await ok<{ items: { variantId: string; productId: string }[] }>(
    await request.get(`/api/seller/sale-events/${event._id}/prices`, { headers: asSeller }),
  );
  const size = grid.items.find((r) => r.productId === productId)!;
  await ok(
    await request.put(`/api/seller/sale-events/${event._id}/prices`, {
      headers: asSeller,
      data: { items: [{ variantId: size.variantId, salePrice: 649 }] },
    }),
  );

  // A visitor sees the regular price and no sale.
  await page.goto(`/product-page/${productId}`);
  await expect(page.getByTestId('buy-price')).toHaveText(rupees(799));
  await expect(page.getByTestId('sale-badge')).toHaveCount(0);

  // Signed in, the shopper sees the sale price, and when it opens to everyone.
  const customer = await ok<{ authToken: string; userFullName: string }>(
    await request.post('/api/auth/user/register', { data: newCustomer() }),
  );
  await signInAs(page, 'user', customer.authToken, customer.userFullName);
  await page.goto(`/product-page/${productId}`);
  await expect(page.getByTestId('buy-price')).toContainText(rupees(649));
  await expect(page.getByTestId('sale-badge')).toContainText(`Early access · Early Sale ${id}`);
  await expect(page.getByTestId('early-access')).toContainText(
    'Early access for you: the sale opens to all on',
  );
  await shoot(page, 'offers-product-early-access');

  // The seller takes the sale price back: journeys after this one buy the newest products at the
  // price everyone sees, signed in or not.
  await ok(
    await request.put(`/api/seller/sale-events/${event._id}/prices`, {
      headers: asSeller,
      data: { items: [] },
    }),
  );
  await page.goto(`/product-page/${productId}`);
  await expect(page.getByTestId('buy-price')).toHaveText(rupees(799));
});
