import { expect, test } from '@playwright/test';
import { addToCartViaApi, productsInStock, registerViaApi } from './helpers.ts';

test('the side menu and footer follow SPEC §2 for a visitor and a customer', async ({ page, request }) => {
  await page.goto('/home-page');
  const footer = page.locator('footer');
  await expect(footer.getByText('© 2023-24 Vastra')).toBeVisible();
  const contact = footer.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(contact.getByRole('link', { name: /^\+91/ })).toHaveCount(2);

  const menuLinks = async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    const hrefs = await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return hrefs;
  };
  const visitor = await menuLinks();
  expect(visitor).toEqual(expect.arrayContaining(['/home-page', '/cart-page', '/login']));
  expect(visitor).not.toContain('/my-orders');
  // Issue 21: the Seller and Admin logins moved from the shopper's menu to the footer.
  expect(visitor).not.toContain('/seller-login');
  expect(visitor).not.toContain('/admin-login');
  const sell = footer.getByRole('navigation', { name: 'Sell on Vastra' });
  await expect(sell.getByRole('link', { name: 'Seller', exact: true })).toHaveAttribute(
    'href',
    '/seller-login',
  );
  await expect(sell.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
    'href',
    '/admin-login',
  );

  await registerViaApi(page, request);
  await page.goto('/home-page');
  const customer = await menuLinks();
  expect(customer).toEqual(expect.arrayContaining(['/cart-page', '/my-orders', '/profile', '/contacts']));
  expect(customer).not.toContain('/login');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('visiting /order-successfull without a payment session places nothing', async ({ page, request }) => {
  const user = await registerViaApi(page, request);
  const [a] = await productsInStock(request, 1);
  await addToCartViaApi(request, user.token, a!._id, a!.variant._id);
  await page.goto('/order-successfull');
  await expect(page.getByRole('heading', { name: 'Nothing to confirm' })).toBeVisible();
  await page.goto('/cart-page');
  await expect(page.getByTestId('cart-count')).toHaveText('1 item');
  await page.goto('/my-orders');
  await expect(page.getByText('No Orders')).toBeVisible();
});

test('a customer edits the profile, then deletes the account and lands on /register', async ({
  page,
  request,
}) => {
  const user = await registerViaApi(page, request);
  await page.goto('/profile');
  // The e-mail shows once, plainly, as the Email detail; the unconfirmed account's reminder names it too.
  const details = page.locator('main dl');
  await expect(details.locator('dt:text-is("Email") + dd')).toHaveText(user.email);
  await expect(details.getByText(user.email, { exact: true })).toHaveCount(1);
  await expect(details.locator('dt:text-is("Company name") + dd')).toHaveText('None');
  const reminder = page.locator('main').getByRole('status');
  await expect(reminder).toContainText(
    `Please confirm your e-mail address: open the link we sent to ${user.email}.`,
  );
  await expect(reminder.getByRole('button', { name: 'Resend link' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/update-profile$/);
  await page.getByLabel('Full Name').fill('Asha V. Verma');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await page.goto('/profile');
  await expect(page.locator('main').getByText('Asha V. Verma', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByText('Account Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  // Runs in the page; the e2e project has no DOM typings.
  const token = await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
      'userToken',
    ),
  );
  expect(token).toBeNull();

  // The deleted account can no longer log in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid Credentials').first()).toBeVisible();
});
