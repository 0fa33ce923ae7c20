import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { addToCartViaApi, productsInStock, registerViaApi } from './helpers.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
mkdirSync(dir, { recursive: true });

for (const width of [390, 1280]) {
  test(`screens look right at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    // The first screen as a visitor sees it, and the whole page.
    const shot = async (name: string) => {
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
      await page.screenshot({ path: path.join(dir, `${name}-${width}-full.png`), fullPage: true });
    };

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await expect(page.locator('.featured-card img').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot('landing');

    await page.goto('/mens-allProducts');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot('listing');

    const user = await registerViaApi(page, request);
    const [a, b] = await productsInStock(request, 2);
    await page.goto(`/product-page/${a!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(a!.productName);
    await page.waitForLoadState('networkidle');
    await shot('product');

    await addToCartViaApi(request, user.token, a!._id, a!.variant._id);
    await addToCartViaApi(request, user.token, b!._id, b!.variant._id);
    await page.goto('/cart-page');
    await expect(page.getByTestId('cart-count')).toHaveText('2 items');
    await page.waitForLoadState('networkidle');
    await shot('cart');
  });
}
