import { expect, test } from '@playwright/test';
import { newCustomer } from './helpers.ts';
import {
  makePng,
  newSeller,
  readStorage,
  registerSellerViaApi,
  rupees,
  shoot,
  signInAs,
} from './seller-helpers.ts';

test('a new seller lists a product, edits it, ships a customer order; other sellers cannot touch it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = newSeller('Kurta');
  const productName = `Handloom kurta ${Date.now().toString(36)}`;

  // Register: the server's validation message is shown beside its field, which is marked invalid,
  // described by it and focused; then success opens Add Product.
  await page.goto('/seller-register');
  const form = page.getByRole('form', { name: 'Seller Registration' });
  const password = form.getByLabel('Password', { exact: true });
  const fill = async (values: typeof seller) => {
    await page.getByLabel('Full Name', { exact: true }).fill(values.fullName);
    await page.getByLabel('Email', { exact: true }).fill(values.email);
    await page.getByLabel('Password', { exact: true }).fill(values.password);
    await page.getByLabel('Mobile Number', { exact: true }).fill(values.mobile);
    await page.getByLabel('Company Name', { exact: true }).fill(values.companyName);
    await page.getByLabel('Company Address', { exact: true }).fill(values.companyAddress);
  };
  await fill({ ...seller, password: 'short' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(
    'At least 8 characters Password must be at least 8 characters',
  );
  await expect(password).toBeFocused();
  await expect(form.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);
  await fill(seller);
  // Changing the value clears its error.
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(password).toHaveAccessibleDescription('At least 8 characters');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registered Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/seller-addProduct$/);
  expect(await readStorage(page, 'sellerFullName')).toBe(seller.fullName);

  // The seller's menu (SPEC §2) and no cart anywhere.
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Main menu' });
  await expect(menu.getByText(`Hello, ${seller.fullName}`)).toBeVisible();
  for (const [name, href] of [
    ['Profile', '/seller-profile'],
    ['Orders', '/seller-orders'],
    ['Add Product', '/seller-addProduct'],
    ['All Products', '/seller-allProducts'],
  ]) {
    await expect(menu.locator(`a[href="${href}"]`)).toHaveText(name!);
  }
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Cart' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Add a product with a real PNG; Submit waits for every required field and the image.
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('Product Name', { exact: true }).fill(productName);
  await page.getByLabel(/^Brand/).fill('Vastra Looms');
  await page.getByLabel('Category', { exact: true }).selectOption('Mens');
  await expect(page.getByLabel('Sub-category', { exact: true }).locator('option')).toHaveText([
    'Choose a type',
    "Men's Shirts",
    "Men's Pants",
    "Men's Hoodies",
  ]);
  await page.getByLabel('Sub-category', { exact: true }).selectOption('gentsShirt');
  await page.getByLabel('Price (Rs.)', { exact: true }).fill('1499');
  await page.getByLabel(/^Marked price/).fill('1999');
  await page.getByLabel('Stock Quantity', { exact: true }).fill('7');
  await page.getByLabel(/^Color/).fill('Indigo');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Product Image', { exact: true }).setInputFiles({
    name: 'kurta.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await expect(page.getByAltText('Preview of the chosen image')).toBeVisible();
  await expect(submit).toBeEnabled();
  await shoot(page, 'seller-add-product');
  await submit.click();
  await expect(page.getByText('Product Added')).toBeVisible();
  await expect(page.getByTestId('upload-percent')).toHaveText('100%');
  await expect(page.getByRole('progressbar', { name: 'Image upload progress' })).toHaveAttribute(
    'value',
    '100',
  );
  await expect(page.getByLabel('Product Name', { exact: true })).toHaveValue('');

  // First in the seller's table, newest first.
  await page.goto('/seller-allProducts');
  const first = page.locator('table.seller-products tbody tr').first();
  await expect(first.locator('td[data-label="SL NO."]')).toHaveText('1');
  await expect(first.locator('td[data-label="Name"]')).toHaveText(productName);
  await expect(first.locator('td[data-label="Price"]')).toHaveText(rupees(1499));
  await expect(first.locator('td[data-label="Stock"]')).toHaveText('7');
  await expect(first.locator('td[data-label="Date Added"]')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  const href = await first.getByRole('link', { name: productName, exact: true }).getAttribute('href');
  const productId = href!.split('/').pop()!;
  await shoot(page, 'seller-products');

  // In the public listing.
  await page.goto('/mens-shirts');
  await expect(page.getByText(productName)).toBeVisible();

  // Edit the price: the form is prefilled, the old image stays.
  await page.goto('/seller-allProducts');
  await page.getByRole('link', { name: `Edit ${productName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/update-product/${productId}$`));
  expect(await readStorage(page, 'updateProductId')).toBe(productId);
  await expect(page.getByLabel('Product Name', { exact: true })).toHaveValue(productName);
  await expect(page.getByLabel('Sub-category', { exact: true })).toHaveValue('gentsShirt');
  await expect(page.getByAltText('Current product image')).toBeVisible();
  await page.getByLabel('Price (Rs.)', { exact: true }).fill('1299');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page.getByText('Product Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/seller-allProducts$/);
  await expect(
    page.locator('table.seller-products tbody tr').first().locator('td[data-label="Price"]'),
  ).toHaveText(rupees(1299));
  const publicProduct = await (await request.get(`/api/product-page/${productId}`)).json();
  expect(publicProduct).toMatchObject({
    price: 1299,
    markPrice: 1999,
    color: 'Indigo',
    brand: 'Vastra Looms',
  });
  expect(publicProduct.image).toMatch(/\.webp$/);
  // Bare /update-product reopens the remembered product.
  await page.goto('/update-product');
  await expect(page.getByLabel('Product Name', { exact: true })).toHaveValue(productName);

  // A customer orders two, cash on delivery (API, as the storefront does).
  const c = newCustomer();
  const reg = await request.post('/api/auth/user/register', { data: c });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const user = (await reg.json()) as { authToken: string; userFullName: string };
  const asUser = { 'auth-token': user.authToken };
  for (const [method, path, data] of [
    ['post', '/api/user/add-to-cart', { productId, quantity: 2 }],
    ['put', '/api/user/set-payment-method', { selectedMethod: 'COD' }],
    [
      'put',
      '/api/user/save-shipping-address',
      { address: c.address, city: c.city, state: c.state, postalCode: c.postalCode },
    ],
    ['put', '/api/user/order-success', undefined],
  ] as const) {
    const res = await request[method](path, { headers: asUser, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  }

  // The seller sees it and confirms shipment; the row updates in place.
  await page.goto('/seller-orders');
  await expect(page.getByText('1 order', { exact: true })).toBeVisible();
  const order = page.getByRole('listitem', { name: `Order of ${productName}` });
  await expect(order).toContainText('Quantity2');
  await expect(order).toContainText(rupees(2598));
  await expect(order).toContainText('COD');
  await expect(order).toContainText(`${c.address}, ${c.city}, ${c.state} ${c.postalCode}`);
  await expect(order.getByTestId('order-status')).toHaveText('Pending');
  await expect(order.getByRole('button', { name: 'Mark delivered' })).toBeDisabled();
  await shoot(page, 'seller-orders');
  // Confirm Shipment asks for the courier and AWB; one without the other is refused beside its field.
  await order.getByRole('button', { name: 'Confirm Shipment' }).click();
  const shipment = order.getByRole('form', { name: 'Shipment details' });
  await shipment.getByLabel('Courier').fill('Delhivery');
  await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(shipment.getByText('Enter the AWB number')).toBeVisible();
  await expect(shipment.getByLabel('AWB number')).toBeFocused();
  await shipment.getByLabel('AWB number').fill('DL4455667788');
  await shipment.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DL4455667788');
  await shoot(page, 'seller-shipment-form');
  await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(page.getByText('Shipment confirmed')).toBeVisible();
  await expect(order.getByTestId('order-status')).toHaveText('Shipped');
  await expect(order).toContainText('Delhivery · AWB DL4455667788');
  await expect(order.getByRole('button', { name: 'Confirm Shipment' })).toBeDisabled();
  await expect(order.getByRole('button', { name: 'Mark delivered' })).toBeEnabled();
  await page.reload();
  await expect(order.getByTestId('order-status')).toHaveText('Shipped');

  // The customer's My Orders shows it shipped.
  await signInAs(page, 'user', user.authToken, user.userFullName);
  await page.goto('/my-orders');
  await expect(page.getByText(productName)).toBeVisible();
  await expect(page.getByText(/shipped/i).first()).toBeVisible();
  await expect(page.getByTestId('item-tracking')).toContainText('Shipped with Delhivery · AWB DL4455667788');
  await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
    'href',
    'https://www.delhivery.com/track/package/DL4455667788',
  );

  // Another seller neither sees nor can edit or delete it.
  const other = await registerSellerViaApi(request, 'Rival');
  await signInAs(page, 'seller', other.token, other.fullName);
  await page.goto('/seller-allProducts');
  await expect(page.getByText('You have no products yet.')).toBeVisible();
  await expect(page.getByText(productName)).toHaveCount(0);
  await page.goto('/seller-orders');
  await expect(page.getByText('No Orders yet.')).toBeVisible();
  await page.goto(`/update-product/${productId}`);
  await expect(page.getByText('This product is not one of yours.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Product' })).toHaveCount(0);
  const asOther = { 'auth-token': other.token };
  const put = await request.put('/api/seller/update-product', {
    headers: asOther,
    data: { productId, price: 1 },
  });
  expect(put.status()).toBe(404);
  const del = await request.delete('/api/seller/delete-product', { headers: asOther, data: { productId } });
  expect(del.status()).toBe(404);
  const ship = await request.get('/api/seller/seller-orders', { headers: asOther });
  expect(await ship.json()).toEqual([]);
  expect((await (await request.get(`/api/product-page/${productId}`)).json()).price).toBe(1299);

  // Logging out ends only the seller session and opens the seller login.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/seller-login$/);
  expect(await readStorage(page, 'sellerToken')).toBeNull();
  expect(await readStorage(page, 'sellerFullName')).toBeNull();

  // The first seller logs back in (login → the dashboard, issue 23) and marks the item delivered.
  await page.getByLabel('Email', { exact: true }).fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await page.goto('/seller-orders');
  await order.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(order.getByTestId('order-status')).toHaveText('Delivered');
  // A logged-in seller opening the login page goes to Add Product.
  await page.goto('/seller-login');
  await expect(page).toHaveURL(/\/seller-addProduct$/);
});

test('the seller profile shows the display id, +91 phone and company', async ({ page, request }) => {
  const s = await registerSellerViaApi(request, 'Profile');
  const profile = (await (
    await request.get('/api/auth/seller/get-seller-profile', { headers: { 'auth-token': s.token } })
  ).json()) as { _id: string }[];
  await signInAs(page, 'seller', s.token, s.fullName);
  await page.goto('/seller-profile');
  await expect(page.getByText(`S${profile[0]!._id.slice(5, 10)}123`)).toBeVisible();
  await expect(page.getByText(`+91 ${s.mobile}`)).toBeVisible();
  await expect(page.getByText(s.companyName)).toBeVisible();
  await expect(page.getByText(s.companyAddress)).toBeVisible();
});
