import { expect, test } from '@playwright/test';
import { linkMailedTo, newCustomer } from './helpers.ts';

/** The reset link in the newest mail the e2e server sent to this address (through the mail sink). */
const resetLinkMailedTo = (email: string) =>
  linkMailedTo(email, /https?:\/\/[^\s"<]+\/reset-password\?token=[\w-]+&(?:amp;)?role=user/);

test.skip(!!process.env.E2E_BASE_URL, 'reads the mail sink of the server this run starts');

test('a shopper resets a forgotten password from the e-mailed link, then logs in with it', async ({
  page,
  request,
}) => {
  const customer = newCustomer();
  const registered = await request.post('/api/auth/user/register', { data: customer });
  expect(registered.ok(), await registered.text()).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this e-mail');

  let link: string | undefined;
  await expect.poll(() => (link = resetLinkMailedTo(customer.email)), { timeout: 10_000 }).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('a-fresh-pass-22');
  await page.getByLabel('Confirm new password').fill('a-fresh-pass-22');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid Credentials').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a-fresh-pass-22');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/allProducts$/i);

  // The same link cannot be used twice.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('another-pass-33');
  await page.getByLabel('Confirm new password').fill('another-pass-33');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already used');
});
