import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { linkMailedTo, newCustomer } from './helpers.ts';
import {
  addProductViaApi,
  placeCodOrderViaApi,
  registerSellerViaApi,
  rupees,
  shoot,
  signInAs,
} from './seller-helpers.ts';

/** The demo admin the e2e server generated (or ADMIN_EMAIL/ADMIN_PASSWORD against your own server). */
function adminCredentials() {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DATA_DIR } = process.env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  if (!E2E_DATA_DIR)
    throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD to run the marketplace money journey');
  const password = readFileSync(path.join(E2E_DATA_DIR, 'demo-admin-password'), 'utf8').trim();
  return { email: 'admin@vastra.demo', password };
}

async function adminLogin(page: Page) {
  const admin = adminCredentials();
  await page.goto('/admin-login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
      'adminToken',
    ),
  );
  expect(token).toBeTruthy();
  return token!;
}

/** A customer registered through the API, with their token. */
async function customerViaApi(request: APIRequestContext) {
  const c = newCustomer();
  const res = await request.post('/api/auth/user/register', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { ...c, token: ((await res.json()) as { authToken: string }).authToken };
}

/** The seller's order item of a product (API, as their orders screen lists it). */
async function itemOf(request: APIRequestContext, sellerToken: string, productId: string) {
  const res = await request.get('/api/seller/orders', { headers: { 'auth-token': sellerToken } });
  const lines = (await res.json()) as { _id: string; productId: string }[];
  return lines.find((l) => l.productId === productId)!._id;
}

/** Paise, as the ledger rounds each entry. */
const share = (paise: number, bp: number) => Math.round((paise * bp) / 10_000);

test('a COD sale is pending money on the seller’s Payments page; the admin cannot pay it out before it settles', async ({
  page,
  context,
  request,
}) => {
  // The seller confirms their e-mail from the mail sink of the server this run starts.
  test.skip(!!process.env.E2E_BASE_URL, 'reads the mail sink of the server this run starts');
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const seller = await registerSellerViaApi(request, `Money ${tag}`);
  const productName = `Block-print frock ${tag}`;
  const productId = await addProductViaApi(request, seller.token, productName);
  const customer = await customerViaApi(request);
  await placeCodOrderViaApi(request, customer.token, customer, productId, 1);
  const itemId = await itemOf(request, seller.token, productId);
  for (const step of ['ship', 'deliver']) {
    const res = await request.post(`/api/seller/orders/${itemId}/${step}`, {
      headers: { 'auth-token': seller.token },
      data: {},
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  // What the statement must say, worked out here: Rs. 799 (Kids) + 18% GST collected in cash; the
  // commission at the Kids rate (else the default) on the value before GST, 18% GST on it, 0.5% TCS.
  const adminToken = await (async () => {
    const login = await request.post('/api/auth/admin/admin-login', { data: adminCredentials() });
    expect(login.ok(), await login.text()).toBeTruthy();
    return ((await login.json()) as { authToken: string }).authToken;
  })();
  const rates = (await (
    await request.get('/api/admin/commissions', { headers: { 'auth-token': adminToken } })
  ).json()) as { defaultPercent: number; categories: Record<string, number> };
  const taxable = 79_900;
  const collected = taxable + Math.round((taxable * 18) / 100);
  const commission = share(taxable, Math.round((rates.categories.Kids ?? rates.defaultPercent) * 100));
  const commissionGst = share(commission, 1_800);
  const tcs = share(taxable, 50);
  const pending = (collected - commission - commissionGst - tcs) / 100;

  // The seller opens Payments from their menu: nothing payable yet, the sale pending its return window.
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-allProducts');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/seller-payments$/);
  await expect(page.getByTestId('balance-pending')).toHaveText(rupees(pending));
  await expect(page.getByTestId('balance-payable')).toHaveText(rupees(0));
  const rows = page.locator('table.statement-table tbody tr');
  await expect(rows).toHaveCount(4);
  const lines = [
    ['COD collected', `+${rupees(collected / 100)}`],
    ['Commission', `−${rupees(commission / 100)}`],
    ['GST on commission', `−${rupees(commissionGst / 100)}`],
    ['TCS', `−${rupees(tcs / 100)}`],
  ];
  for (const [label, amount] of lines) {
    const row = rows.filter({ has: page.locator('.entry-kind', { hasText: new RegExp(`^${label}$`) }) });
    await expect(row.locator('td[data-label="Amount"]')).toHaveText(amount!);
    await expect(row.locator('td[data-label="Status"]')).toContainText('Pending until');
  }
  await expect(page.getByText(`+${rupees(pending)}`)).toBeVisible();
  await shoot(page, 'money-seller-payments');

  // This month's statement holds the same lines; the CSV download is that month's, with them in it.
  const month = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' })
      .format(new Date())
      .slice(0, 7),
  );
  await page.getByLabel('Month').fill(month);
  await expect(page).toHaveURL(new RegExp(`month=${month}$`));
  await expect(rows).toHaveCount(4);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`vastra-statement-${month}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('date,kind,amount_inr,order_item_id,return_id,payout_id,settles_at');
  expect(csv.slice(1).map((l) => l.split(',')[1])).toEqual(
    expect.arrayContaining(['cod_collected', 'commission', 'commission_gst', 'tcs']),
  );
  await page.getByRole('button', { name: 'All months' }).click();
  await expect(page).toHaveURL(/\/seller-payments$/);

  // The admin: the dashboard's money over 7 days is the server's figure.
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
  );
  const token = await adminLogin(page);
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  const week = (await (
    await request.get('/api/admin/stats?days=7', { headers: { 'auth-token': token } })
  ).json()) as { period: { revenue: number; commission: number } };
  expect(week.period.commission).toBeGreaterThanOrEqual(commission / 100);
  await expect(page.getByTestId('stat-revenue')).toHaveText(rupees(week.period.revenue));
  await expect(page.getByTestId('stat-commission')).toHaveText(rupees(week.period.commission));
  await expect(page.getByRole('heading', { name: 'Commission (last 7 days)' })).toBeVisible();
  await shoot(page, 'money-admin-dashboard');

  // Payouts: the seller's money is still pending, so they are not among the sellers to pay.
  await page.getByRole('link', { name: 'View payouts due' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payouts$/);
  await expect(page.getByRole('heading', { name: 'To pay' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: seller.companyName })).toHaveCount(0);

  // No way to age money by 7 days in a journey: the due list is made to offer the seller as if
  // it had settled, and the server itself refuses the payout beyond the real balance (409).
  await page.route('**/api/admin/payouts/due', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { sellers: unknown[] };
    body.sellers.unshift({
      sellerId: (await sellerIdOf(request, seller.token))!,
      companyName: seller.companyName,
      gstin: null,
      verified: false,
      payable: pending,
      pending: 0,
    });
    await route.fulfill({ response: res, json: body });
  });
  await page.reload();
  const card = page.getByRole('listitem', { name: seller.companyName });
  await expect(card.getByLabel('Amount (Rs.)')).toHaveValue(pending.toFixed(2));
  await card.getByLabel('Bank reference (UTR)').fill(`UTR${tag.toUpperCase()}`);
  // A seller is paid only once they have confirmed their e-mail address, which this one has not yet.
  await expect(card.getByText(/^Not verified: the seller has not confirmed/)).toBeVisible();
  await card.getByRole('button', { name: 'Record payout' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'Verify this seller before paying out: they have not confirmed their e-mail address yet',
  );
  // The seller opens the link the shop mailed them at sign-up; the admin tries again.
  let link: string | undefined;
  await expect
    .poll(() => (link = linkMailedTo(seller.email, /https?:\/\/[^\s"<]+\/verify-email\?token=[\w-]+/)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const sellerTab = await context.newPage();
  await sellerTab.goto(link!);
  await expect(sellerTab.getByRole('status')).toHaveText('Thank you! Your e-mail address is confirmed');
  await sellerTab.close();
  await card.getByRole('button', { name: 'Record payout' }).click();
  await expect(card.getByRole('alert')).toHaveText('Only Rs. 0.00 is payable to this seller now');
  await shoot(page, 'money-admin-payouts');
  await page.unroute('**/api/admin/payouts/due');

  // Nothing was paid: no payout in the history, the seller's balance unchanged.
  await page.reload();
  await expect(page.getByRole('listitem', { name: seller.companyName })).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Payouts, newest first' }).getByText(seller.companyName),
  ).toHaveCount(0);
  const balance = (await (
    await request.get('/api/seller/balance', { headers: { 'auth-token': seller.token } })
  ).json()) as { payable: number; pending: number };
  expect(balance).toMatchObject({ payable: 0, pending });

  // The month's TCS report downloads in the GSTR-8 columns.
  await page.getByLabel('Month').fill(month);
  const [tcsFile] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('form', { name: 'Download the TCS report' })
      .getByRole('button', { name: 'Download CSV' })
      .click(),
  ]);
  expect(tcsFile.suggestedFilename()).toBe(`tcs-${month}.csv`);
  expect(readFileSync((await tcsFile.path())!, 'utf8').split(/\r?\n/)[0]).toContain('GSTIN of the supplier');
});

/** A seller's id, from their own profile. */
async function sellerIdOf(request: APIRequestContext, sellerToken: string) {
  const res = await request.get('/api/auth/seller/get-seller-profile', {
    headers: { 'auth-token': sellerToken },
  });
  return ((await res.json()) as { _id: string }[])[0]?._id;
}

test('the admin hides a product with a reason the seller reads, cancels an item, suspends a shopper, and the audit log has it all', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const seller = await registerSellerViaApi(request, `Acted ${tag}`);
  const hiddenName = `Lookalike logo tee ${tag}`;
  const soldName = `Festive kurta set ${tag}`;
  const hiddenId = await addProductViaApi(request, seller.token, hiddenName);
  const soldId = await addProductViaApi(request, seller.token, soldName);
  const customer = await customerViaApi(request);
  await placeCodOrderViaApi(request, customer.token, customer, soldId, 1);
  const reason = `Photos show another brand’s logo (${tag})`;

  await adminLogin(page);

  // Hide: the dialog insists on a reason, then the product leaves the shop.
  await page.goto(`/dashboard/products?q=${encodeURIComponent(hiddenName)}`);
  await page.getByRole('button', { name: `Hide ${hiddenName}` }).click();
  const hide = page.getByRole('dialog', { name: `Hide “${hiddenName}”?` });
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide.getByText('Say why, in a few words')).toBeVisible();
  await hide.getByLabel('Reason').fill(reason);
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText(`${hiddenName} hidden`)).toBeVisible();
  await expect(
    page.locator('table.data-table tbody tr').first().locator('td[data-label="Status"]'),
  ).toContainText('Hidden');
  expect((await request.get(`/api/product-page/${hiddenId}`)).status()).toBe(404);

  // Cancel the pending item of the customer's order, after saying yes.
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(customer.email)}`);
  const cancel = page.getByRole('button', { name: new RegExp(`^Cancel ${soldName} of order `) });
  await cancel.click();
  await page
    .getByRole('dialog', { name: `Cancel “${soldName}” × 1?` })
    .getByRole('button', { name: 'Cancel item' })
    .click();
  await expect(page.getByText(`${soldName} cancelled`)).toBeVisible();
  await expect(page.locator('td[data-label="Items"]').first()).toContainText('cancelled');
  await expect(cancel).toHaveCount(0);

  // Suspend the shopper: they cannot log in; reinstated, they can.
  await page.goto(`/dashboard/users?q=${encodeURIComponent(customer.email)}`);
  await page.getByRole('button', { name: `Suspend ${customer.fullName}` }).click();
  await page
    .getByRole('dialog', { name: `Suspend ${customer.fullName}?` })
    .getByRole('button', { name: 'Suspend' })
    .click();
  await expect(page.getByText(`${customer.fullName} suspended`)).toBeVisible();
  const refused = await request.post('/api/auth/user/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(refused.status()).toBe(403);
  await page.getByRole('button', { name: `Reinstate ${customer.fullName}` }).click();
  await page
    .getByRole('dialog', { name: `Reinstate ${customer.fullName}?` })
    .getByRole('button', { name: 'Reinstate' })
    .click();
  await expect(page.getByText(`${customer.fullName} reinstated`)).toBeVisible();
  const back = await request.post('/api/auth/user/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(back.ok(), await back.text()).toBeTruthy();

  // The audit log, from the dashboard: each action, newest first, the hide with its reason.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Audit log' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/audit-log$/);
  const actions = page.locator('table.data-table tbody tr td[data-label="Action"]');
  await expect(actions.nth(0)).toHaveText('Shopper reinstated');
  await expect(actions.nth(1)).toHaveText('Shopper suspended');
  await expect(actions.nth(2)).toHaveText('Order item cancelled');
  await expect(actions.nth(3)).toHaveText('Product hidden');
  await expect(page.locator('table.data-table tbody tr').nth(3)).toContainText(reason);
  await shoot(page, 'money-admin-audit-log');

  // The seller sees why their product is off sale, beside it in their list.
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-allProducts');
  const row = page.locator('table.seller-products tbody tr').filter({ hasText: hiddenName });
  await expect(row.locator('.listing-note')).toContainText('Hidden by Vastra');
  await expect(row.locator('.listing-note')).toContainText(reason);
  await shoot(page, 'money-seller-products');
  await expect(
    page.locator('table.seller-products tbody tr').filter({ hasText: soldName }).locator('.listing-note'),
  ).toHaveCount(0);
});
