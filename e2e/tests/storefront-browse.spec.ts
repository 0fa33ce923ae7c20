import { expect, test } from '@playwright/test';

test('a visitor browses a category, searches and opens a product', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your One-Stop Online Shop' })).toBeVisible();

  // Category through the side menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu.getByText('Hello, Guest')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await menu.getByRole('link', { name: 'Shirts' }).click();
  await expect(page).toHaveURL(/\/mens-shirts$/);
  await expect(page.getByRole('heading', { name: "Men's Shirts" })).toBeVisible();
  const cards = page.locator('.product-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText('Delivery within 4-5 days');
  await expect(cards.first()).toContainText(/Rs\. [\d,]+\.\d{2}/);

  // Case-insensitive route.
  await page.goto('/MENS-SHIRTS');
  await expect(page.getByRole('heading', { name: "Men's Shirts" })).toBeVisible();

  // Header search.
  const search = page.getByPlaceholder('Search for products, brands and more').first();
  await search.fill('hoodie');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=hoodie/);
  await expect(page.getByRole('heading', { name: 'Results for “hoodie”' })).toBeVisible();
  const first = page.locator('.product-card').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('.product-card-name').textContent())?.trim() ?? '';
  expect(name.toLowerCase()).toContain('hoodie');

  // Sort by price keeps results and puts the cheapest first.
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);

  // Open the product.
  await page.locator('.product-card-name').first().click();
  await expect(page).toHaveURL(/\/p\/[a-z0-9-]+-[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('For', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ratings & Reviews' })).toBeVisible();

  // Unknown address: a friendly page inside the shell.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});

test('a visitor pressing Buy Now lands on /login with the warning', async ({ page }) => {
  await page.goto('/allProducts');
  // A card without a size to choose (one with sizes opens its product page instead).
  const card = page
    .locator('.product-card')
    .filter({ has: page.locator('button:not([disabled])', { hasText: 'Buy Now' }) })
    .filter({ hasNot: page.locator('.product-card-sizes') });
  await card
    .first()
    .getByRole('button', { name: /^Buy Now, / })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You Must Login First')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});
