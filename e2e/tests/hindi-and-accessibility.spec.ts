import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addToCartViaApi, productsInStock, registerViaApi } from './helpers.ts';
import { addProductViaApi, registerSellerViaApi, shoot, signInAs } from './seller-helpers.ts';

/** Issue 21: the English/हिन्दी switch, the desktop navigation, and axe on the main screens. */

const htmlLang = (page: Page) => page.locator('html').getAttribute('lang');

test('the Hindi switch: remembered across a reload, <html lang>, hi-IN prices, and back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto('/allProducts');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page.locator('.product-card').first()).toContainText(/Rs\. [\d,]+\.\d{2}/);
  await page.getByRole('button', { name: 'हिन्दी' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'सभी उत्पाद' })).toBeVisible();
  await expect.poll(() => htmlLang(page)).toBe('hi');
  // hi-IN prices: the rupee sign and Indian grouping.
  await expect(page.locator('.product-card').first()).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(page.getByRole('link', { name: /^कार्ट/ })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'सभी उत्पाद' })).toBeVisible();
  expect(await htmlLang(page)).toBe('hi');
  await expect(page.locator('.product-card').first()).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  // Product data stays as the seller wrote it; the interface around it is Hindi.
  const [product] = await productsInStock(request, 1);
  await page.goto(`/product-page/${product!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.productName);
  await expect(page.getByRole('button', { name: 'कार्ट में डालें' })).toBeVisible();
  await shoot(page, 'hindi-product');
  await page.goto('/home-page');
  await expect(page.getByRole('link', { name: 'अभी ख़रीदें' })).toBeVisible();
  await shoot(page, 'hindi-landing');

  // A signed-in shopper's switch is saved on the account (for their e-mails).
  await registerViaApi(page, request);
  await page.goto('/allProducts');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/locale'));
  await page.getByRole('button', { name: 'English' }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toEqual({ success: true, locale: 'en' });
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect.poll(() => htmlLang(page)).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  expect(await htmlLang(page)).toBe('en');
});

test('desktop navigation in sight: category bar, account menu, cart count; Seller and Admin in the footer', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home-page');
  const bar = page.getByRole('navigation', { name: 'Categories' });
  await expect(bar.getByRole('link', { name: 'Men', exact: true })).toHaveAttribute(
    'href',
    '/mens-allProducts',
  );
  await bar.getByRole('link', { name: 'Women', exact: true }).hover();
  await bar.getByRole('link', { name: 'Dresses' }).click();
  await expect(page).toHaveURL(/\/womens-dresses$/);
  await expect(page.getByRole('heading', { level: 1, name: "Women's Dresses" })).toBeVisible();
  // Keyboard: focusing a category opens its sub-categories.
  await bar.getByRole('link', { name: 'Men', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('link', { name: "All Men's" })).toBeFocused();
  await expect(page.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
  const sell = page.getByRole('navigation', { name: 'Sell on Vastra' });
  await expect(sell.getByRole('link', { name: 'Become a seller' })).toHaveAttribute(
    'href',
    '/seller-register',
  );

  const user = await registerViaApi(page, request);
  const [a] = await productsInStock(request, 1);
  await addToCartViaApi(request, user.token, a!._id, a!.variant._id);
  await page.goto('/allProducts');
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  const links = page.locator('.account-panel').getByRole('link');
  await expect(links).toHaveText(['Profile', 'My Orders', 'My Returns', 'Wishlist', 'Notifications']);
  await page.locator('.account-panel').getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await shoot(page, 'nav-desktop-account');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.locator('.account-panel').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Phones: no category bar, the SPEC §2 side menu instead.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Shirts' }),
  ).toBeVisible();
});

/** Serious or critical axe violations of the page as it is now, one line per rule and screen. */
async function axeProblems(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  // label-content-name-mismatch is experimental in axe (off by default); issue 21 asks for it: a
  // control's accessible name contains its visible label, so speech control can name it.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    );
}

test('axe finds no serious or critical violation on the main screens', async ({ page, request }) => {
  test.setTimeout(360_000);
  // Every screen is checked; the test fails at the end with all the problems found.
  const problems: string[] = [];
  const axe = async (p: Page, screen: string) => {
    problems.push(...(await axeProblems(p, screen)));
  };
  for (const [url, ready] of [
    ['/', page.getByRole('heading', { name: 'Featured Products' })],
    ['/allProducts', page.locator('.product-card').first()],
    ['/login', page.getByRole('heading', { name: 'Login' })],
  ] as const) {
    await page.goto(url);
    await expect(ready).toBeVisible();
    await axe(page, url);
  }

  const user = await registerViaApi(page, request);
  const [a, b] = await productsInStock(request, 2);
  await page.goto(`/product-page/${a!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(a!.productName);
  await axe(page, 'product page');

  await addToCartViaApi(request, user.token, a!._id, a!.variant._id);
  await page.goto('/cart-page');
  await expect(page.getByTestId('cart-count')).toHaveText('1 item');
  await axe(page, 'cart');
  await page.goto('/shipping-address');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axe(page, 'checkout: shipping address');
  await page.goto('/place-order-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axe(page, 'checkout: place order');

  // A COD order of what is in the cart (a) and b, so My Orders has something to show.
  await addToCartViaApi(request, user.token, b!._id, b!.variant._id);
  const headers = { 'auth-token': user.token };
  const { address, city, state, postalCode } = user;
  for (const [method, url, data] of [
    ['put', '/api/user/set-payment-method', { selectedMethod: 'COD' }],
    ['put', '/api/user/save-shipping-address', { address, city, state, postalCode }],
    ['put', '/api/user/order-success', undefined],
  ] as const) {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  }
  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByText(b!.productName).first()).toBeVisible();
  await axe(page, 'my orders');

  // The same screens in Hindi.
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'मेरे ऑर्डर' })).toBeVisible();
  await axe(page, 'my orders (hi)');
  await page.getByRole('button', { name: 'English' }).click();

  const seller = await registerSellerViaApi(request, 'Axe');
  await addProductViaApi(request, seller.token, `Axe Tee ${Date.now()}`);
  await signInAs(page, 'seller', seller.token, seller.fullName);
  await page.goto('/seller-allProducts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await axe(page, 'seller products');

  const { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DATA_DIR } = process.env;
  const admin =
    ADMIN_EMAIL && ADMIN_PASSWORD
      ? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }
      : {
          email: 'admin@vastra.demo',
          password: readFileSync(path.join(E2E_DATA_DIR!, 'demo-admin-password'), 'utf8').trim(),
        };
  const login = await request.post('/api/auth/admin/admin-login', { data: admin });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { authToken, adminFullName } = (await login.json()) as { authToken: string; adminFullName: string };
  await signInAs(page, 'admin', authToken, adminFullName);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('stat-revenue')).toBeVisible();
  await axe(page, 'admin dashboard');
  expect(problems, problems.join('\n')).toEqual([]);
});
