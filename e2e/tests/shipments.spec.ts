import { expect, test } from '@playwright/test';
import { axeProblems, newCustomer, ok, shopDay } from './helpers.ts';
import { addProductViaApi, newSeller, placeCodOrderViaApi, shoot, signInAs } from './seller-helpers.ts';

test('a self-shipped parcel: booked, tracked, a failed attempt answered by the shopper, seen in the NDR queue', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = Date.now().toString(36).toUpperCase();
  const problems: string[] = [];
  const axe = async (screen: string) => problems.push(...(await axeProblems(page, screen)));

  // A seller's kurta, and a shopper's Cash On Delivery order of it.
  const s = newSeller('Parcels');
  const seller = await ok<{ authToken: string; sellerFullName?: string }>(
    await request.post('/api/auth/seller/register', { data: s }),
  );
  const productName = `Parcel kurta ${id}`;
  const productId = await addProductViaApi(request, seller.authToken, productName);
  const customer = newCustomer();
  const user = await ok<{ authToken: string; userFullName: string }>(
    await request.post('/api/auth/user/register', { data: customer }),
  );
  await placeCodOrderViaApi(request, user.authToken, customer, productId, 1);
  const [order] = await ok<{ _id: string; number: string }[]>(
    await request.get('/api/user/orders', { headers: { 'auth-token': user.authToken } }),
  );
  const awb = `DL${id}`.slice(0, 20);

  // The seller books a parcel with their own courier for the order's pending item.
  await signInAs(page, 'seller', seller.authToken, s.fullName);
  await page.goto('/seller-orders');
  const card = page.getByRole('listitem', { name: `Order of ${productName}` });
  await card.getByRole('button', { name: 'Parcels & tracking' }).click();
  await expect(card.getByText('No parcels booked for this order yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Book a parcel' }).click();
  const booking = card.getByRole('form', { name: 'Book a parcel' });
  await expect(booking.getByRole('checkbox', { name: `${productName} × 1` })).toBeChecked();
  // No Shiprocket on this server: only the seller's own courier.
  await expect(booking.getByRole('radio', { name: 'Own courier' })).toBeChecked();
  await expect(booking.getByRole('radio', { name: /Shiprocket/ })).toHaveCount(0);
  await booking.getByRole('combobox', { name: 'Courier' }).fill('Delhivery');
  await booking.getByLabel('AWB number').fill(awb);
  await shoot(page, 'shipments-seller-booking');
  await booking.getByRole('button', { name: 'Book parcel' }).click();
  const parcel = card.getByTestId('seller-parcel');
  await expect(parcel.getByTestId('seller-parcel-status')).toHaveText('Shipment booked');
  await expect(parcel).toContainText(awb);
  await expect(card.getByTestId('order-status')).toHaveText('Shipped');
  await shoot(page, 'shipments-seller-booked');

  // The shopper sees the parcel: courier, AWB, its timeline.
  await signInAs(page, 'user', user.authToken, user.userFullName);
  await page.goto(`/orders/${order!._id}`);
  const mine = page.getByTestId('parcel');
  await expect(mine.getByTestId('parcel-status')).toHaveText('Shipment booked');
  await expect(mine.getByTestId('parcel-courier')).toContainText(`Delhivery · AWB ${awb}`);
  await expect(mine.getByRole('list', { name: 'Tracking of Your parcel' }).getByRole('listitem')).toHaveText([
    /^Shipment booked\d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m IST$/,
  ]);

  // The seller's courier picks it up, then cannot deliver: the seller posts both, with the reason.
  await signInAs(page, 'seller', seller.authToken, s.fullName);
  await page.goto('/seller-orders');
  await card.getByRole('button', { name: 'Parcels & tracking' }).click();
  const update = async (what: string, note?: string) => {
    await parcel.getByRole('button', { name: 'Add tracking update' }).click();
    const form = parcel.getByRole('form', { name: 'Tracking update' });
    await form.getByLabel('What happened').selectOption({ label: what });
    if (note) await form.getByLabel('Reason the delivery failed').fill(note);
    await form.getByRole('button', { name: 'Save update' }).click();
    await expect(parcel.getByTestId('seller-parcel-status')).toHaveText(what);
  };
  await update('Picked up by the courier');
  // A failed attempt needs its reason.
  await parcel.getByRole('button', { name: 'Add tracking update' }).click();
  const form = parcel.getByRole('form', { name: 'Tracking update' });
  await form.getByLabel('What happened').selectOption({ label: 'Delivery attempt failed' });
  await form.getByRole('button', { name: 'Save update' }).click();
  await expect(form.getByText('Say why the delivery failed')).toBeVisible();
  await form.getByRole('button', { name: 'Back' }).click();
  await update('Delivery attempt failed', 'Customer not at home');
  await expect(parcel).toContainText('Failed attempts: 1 of 3');
  await parcel.getByText('Tracking history').click();
  await expect(parcel.getByRole('list', { name: /^Tracking of Parcel/ }).getByRole('listitem')).toHaveCount(
    3,
  );
  await shoot(page, 'shipments-seller-failed');
  await axe('seller orders with a parcel');

  // The shopper is asked what to do, and asks for another attempt on the second day offered.
  await signInAs(page, 'user', user.authToken, user.userFullName);
  await page.goto(`/orders/${order!._id}`);
  const prompt = page.getByRole('region', { name: 'Delivery attempt failed — what should we do?' });
  await expect(prompt).toContainText('The courier could not deliver this parcel: Customer not at home');
  await expect(mine.getByRole('list', { name: 'Tracking of Your parcel' }).getByRole('listitem')).toHaveText([
    /^Shipment booked/,
    /^Picked up by the courier/,
    /^Delivery attempt failed.*Reason: Customer not at home$/,
  ]);
  const days = await prompt
    .getByLabel('Deliver again on')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value).filter(Boolean));
  expect(days).toHaveLength(3);
  await shoot(page, 'shipments-order-ndr');
  await axe('order page asking about a failed delivery');
  // A wrong phone number is refused beside its field; nothing is answered.
  await prompt.getByLabel(/Phone number for the courier/).fill('12345');
  await prompt.getByRole('button', { name: 'Deliver again' }).click();
  await expect(prompt.getByLabel(/Phone number for the courier/)).toHaveAttribute('aria-invalid', 'true');
  await prompt.getByLabel('Deliver again on').selectOption(days[1]!);
  await prompt.getByLabel(/Phone number for the courier/).fill('9845001234');
  await prompt.getByLabel(/Landmark near your address/).fill('Opposite the temple');
  await prompt.getByRole('button', { name: 'Deliver again' }).click();
  await expect(page.getByTestId('ndr-choice')).toContainText(
    `You asked for another delivery attempt on ${shopDay(days[1]!)}.`,
  );
  await expect(page.getByTestId('ndr-choice')).toContainText(
    'Phone: 9845001234 · Landmark: Opposite the temple',
  );
  await expect(prompt).toHaveCount(0);
  await shoot(page, 'shipments-order-answered');

  // The seller's NDR queue shows the shopper's choice and whom to call.
  await signInAs(page, 'seller', seller.authToken, s.fullName);
  await page.goto('/seller-orders');
  const row = page.getByTestId('ndr-queue').getByTestId('ndr-row').filter({ hasText: order!.number });
  await expect(row).toContainText('Attempt 1 of 3');
  await expect(row).toContainText('Reason: Customer not at home');
  await expect(row.getByTestId('ndr-answer')).toHaveText(
    `Shopper asks for another attempt on ${shopDay(days[1]!)} · Phone: 9845001234 · Landmark: Opposite the temple`,
  );
  await expect(row.getByRole('link', { name: `+91 ${customer.mobile}` })).toHaveAttribute(
    'href',
    `tel:+91${customer.mobile}`,
  );
  await shoot(page, 'shipments-seller-ndr');
  await axe('seller orders with the NDR queue');
  expect(problems).toEqual([]);
});
