import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newCustomer } from './helpers.ts';
import {
  addProductViaApi,
  placeCodOrderViaApi,
  readStorage,
  registerSellerViaApi,
  rupees,
  shoot,
  signInAs,
} from './seller-helpers.ts';

/**
 * The admin's login: ADMIN_EMAIL/ADMIN_PASSWORD when the journeys run against your own server,
 * otherwise the demo admin whose password the e2e server generated into its data directory.
 */
function adminCredentials() {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DATA_DIR } = process.env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  if (!E2E_DATA_DIR) throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD to run the admin journey');
  const password = readFileSync(path.join(E2E_DATA_DIR, 'demo-admin-password'), 'utf8').trim();
  return { email: 'admin@vastra.demo', password };
}

type Stats = {
  sellers: number;
  users: number;
  products: number;
  orders: number;
  revenue30d: number;
};
interface OrderRow {
  date: string;
  paymentMethod: string;
  paymentStatus: string;
  items: { amount: number; status: string }[];
}

/** Every row of an admin list, page by page. */
async function everyRow<T>(request: APIRequestContext, token: string, list: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/admin/${list}?limit=200&page=${page}`, {
      headers: { 'auth-token': token },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    const body = (await res.json()) as { items: T[]; total: number };
    rows.push(...body.items);
    if (rows.length >= body.total || body.items.length === 0) return rows;
  }
}

/**
 * The dashboard's figures worked out from other answers than /api/admin/stats: the old bare-array
 * endpoints, and the admin lists' rows (placed orders; revenue = money received in the last 30 days,
 * GST excluded: items of paid orders, and cash-on-delivery items delivered, their cash collected).
 */
async function countIndependently(request: APIRequestContext, token: string): Promise<Stats> {
  const asAdmin = { 'auth-Token': token };
  const sellers = (await (await request.get('/api/admin/getAllSellers', { headers: asAdmin })).json()) as [];
  const users = (await (await request.get('/api/admin/getAllUsers', { headers: asAdmin })).json()) as [];
  const products = await everyRow<{ status: string }>(request, token, 'products');
  const orders = await everyRow<OrderRow>(request, token, 'orders');
  const since = Date.now() - 30 * 24 * 60 * 60 * 1000;
  let revenuePaise = 0;
  for (const o of orders) {
    if (Date.parse(o.date) < since) continue;
    for (const i of o.items) {
      const received = o.paymentStatus === 'paid' || (o.paymentMethod === 'cod' && i.status === 'delivered');
      if (received && i.status !== 'cancelled') revenuePaise += Math.round(i.amount * 100);
    }
  }
  return {
    sellers: sellers.length,
    users: users.length,
    products: products.filter((p) => p.status === 'active').length,
    orders: orders.filter((o) => ['paid', 'cod_due', 'cod_collected', 'refunded'].includes(o.paymentStatus))
      .length,
    revenue30d: revenuePaise / 100,
  };
}

async function statsViaApi(request: APIRequestContext, token: string): Promise<Stats> {
  const res = await request.get('/api/admin/stats', { headers: { 'auth-token': token } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as Stats;
}

const count = (n: number) => n.toLocaleString('en-IN');

async function expectDashboard(page: Page, s: Stats) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-sellers')).toHaveText(count(s.sellers));
  await expect(page.getByTestId('stat-users')).toHaveText(count(s.users));
  await expect(page.getByTestId('stat-products')).toHaveText(count(s.products));
  await expect(page.getByTestId('stat-orders')).toHaveText(count(s.orders));
  await expect(page.getByTestId('stat-revenue')).toHaveText(rupees(s.revenue30d));
}

/** Opens a list from the dashboard's 'view' link and searches it. */
async function openList(page: Page, view: string, url: RegExp) {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: view }).click();
  await expect(page).toHaveURL(url);
  await expect(page.locator('table.data-table tbody tr').first()).toBeVisible();
}

async function search(page: Page, text: string) {
  // The list's own search box ('Search by …'), not the header's product search.
  const box = page.getByRole('searchbox', { name: /^Search by / });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
}

const rows = (page: Page) => page.locator('table.data-table tbody tr');

test('the admin sees true figures, browses every list, moderates a seller and removes a product', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = adminCredentials();

  // Data of this run: a seller with two products, a customer's cash-on-delivery order, a message.
  const tag = Date.now().toString(36);
  const seller = await registerSellerViaApi(request, `Moderated ${tag}`);
  const keptName = `Festive lehenga ${tag}`;
  const removedName = `Counterfeit tee ${tag}`;
  const keptId = await addProductViaApi(request, seller.token, keptName);
  const removedId = await addProductViaApi(request, seller.token, removedName);
  const customer = newCustomer();
  const reg = await request.post('/api/auth/user/register', { data: customer });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const { authToken: userToken } = (await reg.json()) as { authToken: string };
  await placeCodOrderViaApi(request, userToken, customer, keptId, 2);
  // The seller ships and delivers it: the courier collected the cash, so it counts as revenue.
  const sold = await request.get('/api/seller/orders', { headers: { 'auth-token': seller.token } });
  const soldItem = ((await sold.json()) as { _id: string; productId: string }[]).find(
    (i) => i.productId === keptId,
  )!;
  for (const step of ['ship', 'deliver']) {
    const res = await request.post(`/api/seller/orders/${soldItem._id}/${step}`, {
      headers: { 'auth-token': seller.token },
      data: {},
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const subject = `Wholesale enquiry ${tag}`;
  const sent = await request.post('/api/contact', {
    data: {
      name: 'Neha Joshi',
      email: `neha.${tag}@example.in`,
      subject,
      message: 'Do you sell lehengas in bulk for a wedding party of forty?',
    },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  // Wrong password: the error is shown and nothing is stored. Then the real login opens the dashboard.
  await page.goto('/admin-login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(`${admin.password}-wrong`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Credentials' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await readStorage(page, 'adminToken')).toBeNull();
  await shoot(page, 'admin-login');
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Logged In Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = (await readStorage(page, 'adminToken'))!;
  expect(token).toBeTruthy();
  const adminName = (await readStorage(page, 'adminName'))!;
  expect(adminName).toBeTruthy();

  // The admin's menu (SPEC §2 Navigation): shop links, Contact Us, Dashboard and Logout; no cart,
  // no customer or seller screens, no login links.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu.getByText(`Hello, ${adminName}`)).toBeVisible();
  const links = menu.getByRole('navigation', { name: 'Site' });
  for (const href of [
    '/home-page',
    '/kids-allProducts',
    '/allProducts',
    '/mens-allProducts',
    '/mens-shirts',
    '/mens-pants',
    '/mens-hoodies',
    '/womens-allProducts',
    '/womens-tops',
    '/womens-pants',
    '/womens-dresses',
    '/contacts',
  ]) {
    await expect(links.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(links.locator('a[href="/dashboard"]')).toHaveText('Dashboard');
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  for (const href of ['/cart-page', '/my-orders', '/profile', '/seller-profile', '/login', '/admin-login']) {
    await expect(menu.locator(`a[href="${href}"]`)).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);

  // The dashboard's figures are the database's: the stats answer, and counted another way.
  const stats = await statsViaApi(request, token);
  expect(stats).toMatchObject(await countIndependently(request, token));
  expect(stats.orders).toBeGreaterThanOrEqual(1);
  expect(stats.revenue30d).toBeGreaterThanOrEqual(1598);
  await expectDashboard(page, stats);
  await shoot(page, 'admin-dashboard');

  // Sellers: newest first, so this run's seller heads the list; search finds exactly them.
  await openList(page, 'View sellers', /\/dashboard\/sellers$/);
  await expect(page.getByText(`${stats.sellers} results`)).toBeVisible();
  await expect(rows(page).first()).toContainText(seller.companyName);
  await shoot(page, 'admin-sellers');
  await search(page, seller.email);
  await expect(rows(page)).toHaveCount(1);
  const sellerRow = rows(page).first();
  await expect(sellerRow.locator('td[data-label="Company"]')).toHaveText(seller.companyName);
  await expect(sellerRow.locator('td[data-label="Products"]')).toHaveText('2');
  await expect(sellerRow.locator('td[data-label="Status"]')).toHaveText('Active');
  await search(page, `no such seller ${tag}`);
  await expect(page.getByText(`Nothing matches “no such seller ${tag}”.`)).toBeVisible();

  // Users: the customer, with their one order.
  await openList(page, 'View users', /\/dashboard\/users$/);
  await expect(page.getByText(`${stats.users} results`)).toBeVisible();
  await shoot(page, 'admin-users');
  await search(page, customer.email);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('td[data-label="Name"]')).toHaveText(customer.fullName);
  await expect(rows(page).first().locator('td[data-label="Orders"]')).toHaveText('1');

  // Products: more than one page of them; page 2 holds other rows.
  await openList(page, 'View products', /\/dashboard\/products$/);
  await expect(rows(page).first().locator('td[data-label="Name"]')).toHaveText(removedName);
  await shoot(page, 'admin-products');
  const firstOnPage1 = await rows(page).first().locator('td[data-label="Name"]').textContent();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page).first().locator('td[data-label="Name"]')).not.toHaveText(firstOnPage1!);
  await search(page, keptName);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('td[data-label="Seller"]')).toHaveText(seller.companyName);
  await expect(rows(page).first().locator('td[data-label="Status"]')).toHaveText('In shop');

  // Orders: the customer's order with its item, payment and total (GST included).
  await openList(page, 'View orders', /\/dashboard\/orders$/);
  await shoot(page, 'admin-orders');
  await search(page, customer.email);
  await expect(rows(page)).toHaveCount(1);
  const orderRow = rows(page).first();
  await expect(orderRow.locator('td[data-label="Customer"]')).toHaveText(customer.fullName);
  await expect(orderRow.locator('td[data-label="Items"]')).toContainText(`${keptName} × 2`);
  await expect(orderRow.locator('td[data-label="Payment"]')).toContainText('COD');
  await expect(orderRow.locator('td[data-label="Total"]')).toHaveText(rupees(1885.64));

  // Contact messages.
  await openList(page, 'View contact messages', /\/dashboard\/messages$/);
  await shoot(page, 'admin-messages');
  await search(page, subject);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('td[data-label="From"]')).toHaveText('Neha Joshi');

  // Suspending asks first; Cancel changes nothing.
  await page.goto(`/dashboard/sellers?q=${encodeURIComponent(seller.email)}`);
  await page.getByRole('button', { name: `Suspend ${seller.companyName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Suspend ${seller.companyName}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(sellerRow.locator('td[data-label="Status"]')).toHaveText('Active');
  await page.getByRole('button', { name: `Suspend ${seller.companyName}` }).click();
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${seller.companyName} suspended`)).toBeVisible();
  await expect(sellerRow.locator('td[data-label="Status"]')).toHaveText('Suspended');
  await expect(page.getByRole('button', { name: `Reinstate ${seller.companyName}` })).toBeVisible();

  // Their product leaves the shop: not in the listing, its page says so, the API agrees.
  expect((await request.get(`/api/product-page/${keptId}`)).status()).toBe(404);
  await page.goto('/kids-allProducts');
  await expect(page.locator('.product-card').first()).toBeVisible();
  await expect(page.getByText(keptName)).toHaveCount(0);
  await page.goto(`/product-page/${keptId}`);
  await expect(page.getByText('Product not found')).toBeVisible();
  await expect(page.getByRole('heading', { name: keptName })).toHaveCount(0);

  // …and the suspended seller cannot log in (in a browser of their own).
  const sellerPage = await browser.newPage();
  await sellerPage.goto('/seller-login');
  await sellerPage.getByLabel('Email', { exact: true }).fill(seller.email);
  await sellerPage.getByLabel('Password', { exact: true }).fill(seller.password);
  await sellerPage.getByRole('button', { name: 'Login' }).click();
  await expect(sellerPage.getByText(/This seller account is suspended/).first()).toBeVisible();
  await expect(sellerPage).toHaveURL(/\/seller-login$/);
  expect(await readStorage(sellerPage, 'sellerToken')).toBeNull();
  // Their old token stops working too.
  const withOldToken = await request.get('/api/seller/get-products', {
    headers: { 'auth-token': seller.token },
  });
  expect(withOldToken.status()).toBe(403);

  // The dashboard notes the suspension (this run's is the only one unless an earlier attempt failed).
  const { suspendedSellers } = (await (
    await request.get('/api/admin/stats', { headers: { 'auth-token': token } })
  ).json()) as { suspendedSellers: number };
  expect(suspendedSellers).toBeGreaterThanOrEqual(1);
  await page.goto('/dashboard');
  await expect(page.getByText(`${suspendedSellers} suspended`)).toBeVisible();

  // Reinstating brings the product back and lets the seller in again.
  await page.goto(`/dashboard/sellers?q=${encodeURIComponent(seller.email)}`);
  await page.getByRole('button', { name: `Reinstate ${seller.companyName}` }).click();
  await page
    .getByRole('dialog', { name: `Reinstate ${seller.companyName}?` })
    .getByRole('button', { name: 'Reinstate' })
    .click();
  await expect(page.getByText(`${seller.companyName} reinstated`)).toBeVisible();
  await expect(sellerRow.locator('td[data-label="Status"]')).toHaveText('Active');
  await page.goto('/kids-allProducts');
  await expect(page.getByText(keptName)).toBeVisible();
  await page.goto(`/product-page/${keptId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(keptName);
  await sellerPage.getByRole('button', { name: 'Login' }).click();
  await expect(sellerPage).toHaveURL(/\/seller-dashboard$/);
  await sellerPage.close();

  // Removing a product asks first, then takes it out of the shop for good.
  await page.goto(`/dashboard/products?q=${encodeURIComponent(removedName)}`);
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Remove ${removedName}` }).click();
  await page
    .getByRole('dialog', { name: `Remove “${removedName}”?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText(`${removedName} removed`)).toBeVisible();
  await expect(rows(page).first().locator('td[data-label="Status"]')).toHaveText('Removed');
  await expect(page.getByRole('button', { name: `Remove ${removedName}` })).toHaveCount(0);
  expect((await request.get(`/api/product-page/${removedId}`)).status()).toBe(404);
  await page.goto('/kids-allProducts');
  await expect(page.getByText(keptName)).toBeVisible();
  await expect(page.getByText(removedName)).toHaveCount(0);

  // One product fewer on the dashboard, still matching an independent count.
  const after = await statsViaApi(request, token);
  expect(after).toMatchObject({ ...stats, products: stats.products - 1 });
  expect(after).toMatchObject(await countIndependently(request, token));
  await expectDashboard(page, after);

  // Logout ends the admin session and opens the admin login; the dashboard then asks for it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await readStorage(page, 'adminToken')).toBeNull();
  expect(await readStorage(page, 'adminName')).toBeNull();
  await page.goto('/dashboard');
  await expect(page.getByText('Please log in as the admin to continue.')).toBeVisible();
  await expect(page.getByTestId('stat-sellers')).toHaveCount(0);
});

test('back-office screens: a stale admin session is offered a fresh login; others are asked to log in', async ({
  page,
  request,
}) => {
  // A seller (or anyone not the admin) gets the admin login offered, not a failed request.
  const seller = await registerSellerViaApi(request, 'Curious');
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/dashboard/users');
  await expect(page.getByText('Please log in as the admin to continue.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin login' })).toHaveAttribute('href', '/admin-login');

  // An expired or forged admin token: the server's message, and a way back to the login.
  await signInAs(page, 'admin', 'expired.admin.token', 'Old Admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Please log in again' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await readStorage(page, 'adminToken')).toBeNull();
  expect(await readStorage(page, 'adminName')).toBeNull();

  // A page past the end of a list says so and links back to the first page.
  const admin = adminCredentials();
  const login = await request.post('/api/auth/admin/admin-login', { data: admin });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { authToken, adminFullName } = (await login.json()) as { authToken: string; adminFullName: string };
  await signInAs(page, 'admin', authToken, adminFullName);
  await page.goto('/dashboard/sellers?page=999');
  await expect(page.getByText('There is no page 999.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(rows(page).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/sellers$/);

  // Back after a search puts the earlier search text back in the box.
  await search(page, seller.email);
  await expect(rows(page)).toHaveCount(1);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: /^Search by / })).toHaveValue('');
  await expect(rows(page).nth(1)).toBeVisible();
});
