import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeProblems, chooseVariant, productsInStock } from './helpers.ts';
import { shoot } from './seller-helpers.ts';

/**
 * Phone first (issue 39), on the second e2e shop (playwright.config.ts), where every COD order waits
 * for the shopper's confirmation. Codes are read from what the development SMS provider wrote.
 */
const phoneUrl = process.env.E2E_PHONE_URL;
test.skip(!phoneUrl, 'the phone shop is started only when this run starts the servers');
test.use({ baseURL: phoneUrl });

/** The newest one-time code the development provider texted to this number. */
function latestCodeTo(mobile: string): string | undefined {
  const file = path.join(process.env.E2E_PHONE_DATA_DIR ?? '', 'sms-outbox.log');
  if (!existsSync(file)) return undefined;
  const codes = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { to: string; kind: string; params: string[] })
    .filter((m) => m.to === mobile && m.kind === 'otp')
    .map((m) => m.params[0]);
  return codes.at(-1);
}

async function codeTo(mobile: string, not?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      code = latestCodeTo(mobile);
      return code !== undefined && code !== not;
    })
    .toBe(true);
  return code!;
}

test('a shopper signs in with a mobile number, orders Cash On Delivery and confirms it with a code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const axe = async (screen: string) => problems.push(...(await axeProblems(page, screen)));
  // A number nobody on this shop has used: 9 then 9 digits from the clock.
  const mobile = `9${String(Date.now()).slice(-9)}`;

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with mobile number' }).click();
  await page.getByLabel('Mobile number').fill(`+91 ${mobile}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  const signInCode = await codeTo(mobile);
  expect(signInCode).toMatch(/^\d{6}$/);
  await page.getByLabel('One-time code').fill(signInCode);
  await axe('phone sign-in: code');
  await page.getByRole('button', { name: 'Verify' }).click();
  // A new number: the shop asks for a name, the e-mail is optional.
  await page.getByLabel('Your name').fill('Meena Kumari');
  await shoot(page, 'phone-sign-in-name');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/login$/);

  // A Cash On Delivery order from the cart.
  const [product] = await productsInStock(request, 1);
  await page.goto(`/product-page/${product!._id}`);
  await chooseVariant(page, product!.variant);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
  await page.goto('/cart-page');
  await page.getByLabel('Payment method').selectOption('COD');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping-address$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Meena Kumari');
  await page.getByLabel('Address', { exact: true }).fill('7 Ganga Nagar');
  await page.getByLabel('City').fill('Jaipur');
  await page.getByLabel('State').selectOption('Rajasthan');
  await page.getByLabel('PIN code').fill('302001');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/place-order-page$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-success$/);
  await expect(page.getByText(/confirm/i).first()).toBeVisible();

  // The order waits for the shopper: confirmed on its page with a second code.
  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page.getByTestId('order-item').first()).toContainText('Awaiting your confirmation');
  await page.getByTestId('order').first().getByRole('link').first().click();
  const panel = page.locator('section.cod-confirm');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Send code' }).click();
  const confirmCode = await codeTo(mobile, signInCode);
  await panel.getByLabel('One-time code').fill(confirmCode);
  await shoot(page, 'phone-cod-confirm');
  await axe('order page: COD confirmation');
  await panel.getByRole('button', { name: 'Confirm order' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText('Pending').first()).toBeVisible();
  expect(problems).toEqual([]);
});
