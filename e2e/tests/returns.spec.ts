import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerViaApi } from './helpers.ts';
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
  if (!E2E_DATA_DIR) throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD to run the returns journey');
  const password = readFileSync(path.join(E2E_DATA_DIR, 'demo-admin-password'), 'utf8').trim();
  return { email: 'admin@vastra.demo', password };
}

/** The seller ships and delivers every item of theirs (API, as their orders screen would). */
async function shipAndDeliver(request: APIRequestContext, sellerToken: string) {
  const headers = { 'auth-token': sellerToken };
  const lines = (await (await request.get('/api/seller/orders', { headers })).json()) as { _id: string }[];
  for (const line of lines) {
    for (const step of ['ship', 'deliver']) {
      const res = await request.post(`/api/seller/orders/${line._id}/${step}`, { headers, data: {} });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
  }
}

test('a shopper returns a delivered COD item; the seller approves and receives it; it ends refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await registerSellerViaApi(request, 'Returns');
  const productName = `Cotton kurta ${Date.now().toString(36)}`;
  const productId = await addProductViaApi(request, seller.token, productName);
  const shopper = await registerViaApi(page, request);
  await placeCodOrderViaApi(request, shopper.token, shopper, productId, 2);
  await shipAndDeliver(request, seller.token);

  // My Orders: the delivered item offers Return or exchange, with the day its window closes.
  await page.goto('/my-orders');
  const returnLink = page.getByRole('link', { name: `Return or exchange ${productName}` });
  await expect(returnLink).toBeVisible();
  await expect(page.getByTestId('return-window')).toHaveText(/^by \d{1,2} \w{3} \d{4}$/);
  await returnLink.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Return or exchange' })).toBeVisible();
  await expect(page.getByTestId('return-by')).toContainText('Return or exchange by');
  const form = page.getByRole('form', { name: 'Return or exchange' });
  await form.getByLabel('Quantity').selectOption('1');
  await form.getByLabel('Reason').selectOption('wrong_size');
  // A one-size product: nothing to exchange it for, so only a refund is offered.
  await expect(form.getByLabel('Another size or colour')).toBeDisabled();
  // Cash on delivery: the refund needs a UPI id or bank account, checked before sending.
  const upi = form.getByLabel('UPI id');
  await upi.fill('not-a-upi');
  await form.getByRole('button', { name: 'Ask for a refund' }).click();
  await expect(upi).toHaveAttribute('aria-invalid', 'true');
  await expect(upi).toBeFocused();
  await upi.fill('asha.verma@okhdfc');
  await form.getByLabel(/Anything the seller should know/).fill('Runs small at the shoulders');
  await shoot(page, 'return-request');
  await form.getByRole('button', { name: 'Ask for a refund' }).click();

  await expect(page).toHaveURL(/\/my-returns$/);
  const mine = page.getByRole('listitem', { name: `Return of ${productName}` });
  await expect(mine.getByTestId('return-status')).toHaveText('Requested');
  await expect(mine.getByText('Refund of 1')).toBeVisible();
  await shoot(page, 'my-returns-requested');

  // The seller: the menu counts the return waiting, the queue approves it with the pickup.
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-orders');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Returns 1 waiting for you' })).toBeVisible();
  await menu.getByRole('link', { name: /^Returns/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  const card = page.getByRole('listitem', { name: `Return of ${productName}` });
  await expect(card.getByText('Runs small at the shoulders')).toBeVisible();
  await shoot(page, 'seller-returns-to-decide');
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  await card.getByLabel(/Courier/).fill('Delhivery');
  await card.getByLabel(/AWB number/).fill('DLV-2026-0042');
  await card.getByRole('button', { name: 'Approve return' }).click();
  await expect(page.getByText('Return approved')).toBeVisible();

  await page.getByRole('button', { name: /^Awaiting parcel/ }).click();
  const approved = page.getByRole('listitem', { name: `Return of ${productName}` });
  await expect(approved.getByText('DLV-2026-0042')).toBeVisible();
  await shoot(page, 'seller-returns-awaiting');
  await approved.getByRole('button', { name: 'Received in good condition' }).click();
  await expect(page.getByText('Return received: restocked and refunded')).toBeVisible();
  await page.getByRole('button', { name: /^All/ }).click();
  const refunded = page.getByRole('listitem', { name: `Return of ${productName}` });
  await expect(refunded.getByTestId('return-status')).toHaveText('Refunded');
  // The seller never sees where the shopper's refund goes.
  await expect(refunded.getByText('asha.verma@okhdfc')).toHaveCount(0);

  // The shopper: refunded, Rs. 799 + 18% GST owed to the UPI id, with the credit note.
  await signInAs(page, 'user', shopper.token, shopper.fullName);
  await page.goto('/my-returns');
  const done = page.getByRole('listitem', { name: `Return of ${productName}` });
  await expect(done.getByTestId('return-status')).toHaveText('Refunded');
  await expect(done.getByTestId('return-refund')).toHaveText(
    `${rupees(942.82)} to be paid to UPI asha.verma@okhdfc`,
  );
  await expect(done.getByRole('button', { name: 'Credit note' })).toBeVisible();
  await shoot(page, 'my-returns-refunded');

  // The admin pays it by UPI and records the transfer; the shopper's return says it is paid.
  const login = await request.post('/api/auth/admin/admin-login', { data: adminCredentials() });
  const admin = (await login.json()) as { authToken: string };
  await signInAs(page, 'admin', admin.authToken, 'Admin');
  await page.goto('/dashboard/returns?status=refunded');
  const owed = page.getByRole('listitem', { name: `Return of ${productName}` });
  await owed.getByRole('button', { name: 'Mark refund paid' }).click();
  await owed.getByLabel('Transfer reference (UTR)').fill('UTR202611250042');
  await shoot(page, 'admin-returns');
  await owed.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText('Refund recorded as paid')).toBeVisible();
  await expect(owed.getByTestId('return-refund')).toHaveText(
    `${rupees(942.82)} paid to UPI asha.verma@okhdfc (ref. UTR202611250042)`,
  );
});
