import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addToCartViaApi, chooseVariant, newCustomer, productsInStock } from './helpers.ts';

/** An account to log in to (registered through the API; the browser stays a visitor). */
async function accountWithToken(request: APIRequestContext) {
  const c = newCustomer();
  const res = await request.post('/api/auth/user/register', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { ...c, token: ((await res.json()) as { authToken: string }).authToken };
}

async function logIn(page: Page, c: { email: string; password: string }) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(c.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a guest fills a cart, is sent to log in at checkout, and finds it merged into the account', async ({
  page,
  request,
}) => {
  const c = await accountWithToken(request);
  const [a, b] = await productsInStock(request, 2);
  // The account already holds one of B: the guest's B adds to that line.
  await addToCartViaApi(request, c.token, b!._id, b!.variant._id);

  for (const p of [a!, b!]) {
    await page.goto(`/product-page/${p._id}`);
    await chooseVariant(page, p.variant);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to cart').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Added' })).toBeDisabled();
  }
  await expect(page).toHaveURL(new RegExp(`/product-page/${b!._id}$`));
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2 items');
  await expect(page.getByTestId('summary-pieces')).toHaveText('2');
  await page.getByRole('button', { name: 'Log in to check out' }).click();

  await logIn(page, c);
  await expect(page).toHaveURL(/\/cart-page$/);
  await expect(page.getByTestId('cart-count')).toHaveText('2 items');
  await expect(page.getByTestId('summary-pieces')).toHaveText('3');
  const lineB = page.locator('.cart-line').filter({ hasText: b!.productName });
  await expect(lineB.locator('output')).toHaveText('2');
  // The browser's guest cart is gone: the account holds the lines now.
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        'guestCart',
      ),
    ),
  ).toBeNull();
  // And the server agrees.
  const cart = await request.get('/api/user/cart', { headers: { 'auth-token': c.token } });
  const lines = ((await cart.json()) as { userCartProducts: { productId: string; quantity: number }[] })
    .userCartProducts;
  expect(Object.fromEntries(lines.map((l) => [l.productId, l.quantity]))).toEqual({
    [a!._id]: 1,
    [b!._id]: 2,
  });
});

test('a guest’s heart asks for login, saves after it, and the wishlist moves it to the cart', async ({
  page,
  request,
}) => {
  const c = await accountWithToken(request);
  // One size and colour: the wishlist's Move to cart has no choice to ask for.
  const [p] = await productsInStock(request, 1, undefined, { oneSize: true });
  // On a 360 px phone, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const fitsPhone = async () =>
    expect(
      await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document;
        return doc.documentElement.scrollWidth;
      }),
    ).toBeLessThanOrEqual(360);
  await page.goto(`/product-page/${p!._id}`);
  await page.getByRole('button', { name: 'Add to wishlist', pressed: false }).click();
  await expect(page.getByText('You Must Login First')).toBeVisible();

  await logIn(page, c);
  // Back on the product, saved.
  await expect(page).toHaveURL(new RegExp(`/product-page/${p!._id}$`));
  await expect(page.getByRole('button', { name: 'Remove from wishlist', pressed: true })).toBeVisible();
  await fitsPhone();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByTestId('wishlist-count')).toHaveText('1 item');
  await fitsPhone();
  await page.getByRole('button', { name: `Move to cart, ${p!.productName}` }).click();
  await expect(page.getByText('Your wishlist is empty', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
});
