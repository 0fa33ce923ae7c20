import { expect, test } from '@playwright/test';
import { chooseVariant, productsInStock, registerViaApi } from './helpers.ts';

test('a customer pays by card with Buy Now for two pieces and sees the order placed', async ({
  page,
  request,
}) => {
  await registerViaApi(page, request);
  const [p] = await productsInStock(request, 1, '/api/get-womens-all-Products');
  await page.goto(`/product-page/${p!._id}`);
  await chooseVariant(page, p!.variant);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.locator('.stepper output')).toHaveText('2');
  await page.getByRole('button', { name: 'Buy Now' }).click();

  // The built-in test payment page stands in for the card provider.
  await expect(page).toHaveURL(/\/pay\//);
  // The card form (the page also offers UPI and netbanking, each with its own Pay button).
  await page.getByRole('group', { name: 'Card' }).getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/order-successfull\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Order Placed' })).toBeVisible();

  await expect(page.getByTestId('order-number')).toHaveText(/^VA-[0-9A-F]{8}$/);
  await page.getByRole('link', { name: 'View My Orders' }).click();
  const order = page.getByTestId('order').filter({ hasText: p!.productName });
  await expect(order).toContainText('Card · Paid');
  await expect(order.getByTestId('order-item')).toContainText('Qty: 2');
});

test('an unpaid session never shows Order Placed', async ({ page, request }) => {
  await registerViaApi(page, request);
  await page.goto('/order-successfull?session_id=not-a-real-session');
  await expect(page.getByRole('heading', { name: 'Order not confirmed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order Placed' })).toHaveCount(0);
});

test('a customer posts a review and sees the average change', async ({ page, request }) => {
  await registerViaApi(page, request);
  const [p] = await productsInStock(request, 1, '/api/get-mens-all-Products');
  await page.goto(`/product-page/${p!._id}`);
  const average = page.getByTestId('review-average');
  await expect(average).toHaveText(/\d\.\d\d/);
  const before = Number(await average.textContent());
  const stars = before >= 3 ? 1 : 5;

  const post = page.getByRole('button', { name: 'Post' });
  await expect(post).toBeDisabled();
  // Keyboard: focus the first star, pick it with Space, then arrow to the chosen one.
  await page.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeChecked();
  for (let i = 1; i < stars; i += 1) await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('radio', { name: `${stars} star${stars > 1 ? 's' : ''}`, exact: true }),
  ).toBeChecked();
  await expect(post).toBeDisabled();
  await page
    .getByLabel('Your review')
    .fill(stars === 1 ? 'The colour ran in the first wash.' : 'Lovely fabric and a great fit.');
  await post.click();

  await expect(page.getByText('Review posted')).toBeVisible();
  await expect(average).not.toHaveText(before.toFixed(2));
  await expect(page.locator('.review-list')).toContainText(stars === 1 ? 'The colour ran' : 'Lovely fabric');
});
