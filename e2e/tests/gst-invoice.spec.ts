import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newCustomer } from './helpers.ts';
import { addProductViaApi, newSeller, placeCodOrderViaApi, shoot, signInAs } from './seller-helpers.ts';

// A Karnataka seller's demo registration (valid GSTIN, check digit included): 29AAACV0001B1Z6.
const GSTIN = '29AAACV0001B1Z6';

test('a registered seller ships, and both seller and shopper download the tax invoice as a PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = newSeller('GST');
  const reg = await request.post('/api/auth/seller/register', {
    data: { ...s, gstin: GSTIN, legalName: 'GST Test Textiles Private Limited' },
  });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const seller = { ...s, token: ((await reg.json()) as { authToken: string }).authToken };
  const productName = `Invoice kurta ${Date.now().toString(36)}`;
  const productId = await addProductViaApi(request, seller.token, productName);

  const customer = newCustomer();
  const user = await request.post('/api/auth/user/register', { data: customer });
  expect(user.ok(), await user.text()).toBeTruthy();
  const { authToken, userFullName } = (await user.json()) as { authToken: string; userFullName: string };
  await placeCodOrderViaApi(request, authToken, customer, productId, 1);

  // The seller confirms shipment: the invoice is issued, and offered at once.
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-orders');
  const order = page.getByRole('listitem', { name: `Order of ${productName}` });
  await order.getByRole('button', { name: 'Confirm Shipment' }).click();
  const shipment = order.getByRole('form', { name: 'Shipment details' });
  await shipment.getByLabel('Courier').fill('Delhivery');
  await shipment.getByLabel('AWB number').fill('DL1234567890');
  await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(order.getByTestId('order-status')).toHaveText('Shipped');
  const sellerButton = order.getByRole('button', { name: /Tax invoice/ });
  await expect(sellerButton).toBeVisible();
  const [sellerDownload] = await Promise.all([page.waitForEvent('download'), sellerButton.click()]);
  expect(sellerDownload.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const sellerPdf = readFileSync((await sellerDownload.path())!);
  expect(sellerPdf.subarray(0, 5).toString()).toBe('%PDF-');
  await shoot(page, 'seller-order-invoice');

  // The shopper gets the same invoice from My Orders, and its JSON says what the PDF says.
  await signInAs(page, 'user', authToken, userFullName);
  await page.goto('/my-orders');
  const button = page.getByRole('button', { name: /Tax invoice/ }).first();
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(sellerDownload.suggestedFilename());
  await shoot(page, 'my-orders-invoice');

  const orders = await request.get('/api/user/orders', { headers: { 'auth-token': authToken } });
  const invoiceId = ((await orders.json()) as { items: { invoiceId: string | null }[] }[])[0]!.items[0]!
    .invoiceId;
  const doc = await request.get(`/api/invoices/${invoiceId}`, { headers: { 'auth-token': authToken } });
  const { document } = (await doc.json()) as {
    document: { number: string; seller: { gstin: string }; supply: string; totals: { total: number } };
  };
  expect(download.suggestedFilename()).toBe(`${document.number.replaceAll('/', '-')}.pdf`);
  expect(document.seller.gstin).toBe(GSTIN);
  // Karnataka seller, Karnataka shopper: CGST + SGST; Rs. 799 + 18%.
  expect(document.supply).toBe('intra');
  expect(document.totals.total).toBe(942.82);
});
