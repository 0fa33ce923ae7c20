import type { ApiOrder } from '@vastra/contracts';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { act, deliveredOrder, requested, UPI } from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';

/**
 * A size without a colour of its own has its product's colour (a one-size product made through the
 * SPEC §7 payloads keeps its colour on the product): the cart, the order's lines, the packing slip,
 * the label and the tax invoice all show it.
 */

let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const IMAGE = 'https://res.cloudinary.com/demo/image/upload/v1/dupatta.jpg';

const pdfText = async (body: Buffer) => {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

/** A one-size product through the SPEC §7 add-product payload, its colour on the product. */
async function navyDupatta() {
  const res = await call('POST', '/api/seller/add-product', seller, {
    productName: 'Cotton Dupatta',
    price: '499',
    stockQuantity: '9',
    category: 'Womens',
    subCategory: 'girlsTop',
    color: 'Navy',
    imageUrl: IMAGE,
  });
  expect(res.statusCode, res.body).toBe(201);
  const product = res.json().product;
  expect(product).toMatchObject({ color: 'Navy', variants: [{ size: 'Free Size', color: '' }] });
  return product._id as string;
}

async function order(buyer: FastAccount, productId: string, pay: 'cod' | 'card'): Promise<ApiOrder> {
  const added = await call('POST', '/api/user/add-to-cart', buyer, { productId, quantity: 1 });
  expect(added.statusCode, added.body).toBe(200);
  const cart = (await call('GET', '/api/user/cart', buyer)).json().userCartProducts;
  expect(cart).toEqual([expect.objectContaining({ productId, size: 'Free Size', color: 'Navy' })]);
  if (pay === 'cod') {
    const placed = await call('PUT', '/api/user/order-success', buyer);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.items[0].color).toBe('Navy');
    return placed.json().order;
  }
  const session = await call('POST', '/api/user/checkout-session', buyer);
  expect(session.statusCode, session.body).toBe(200);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/pay/${session.json().id}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
  });
  expect(paid.statusCode, paid.body).toBeLessThan(400);
  return (await call('GET', `/api/user/orders/${session.json().orderId}`, buyer)).json().order;
}

describe("the product's colour on a size without its own", () => {
  for (const pay of ['cod', 'card'] as const) {
    it(`${pay}: the order lines, packing slip, label and invoice say Navy`, async () => {
      const productId = await navyDupatta();
      const buyer = await quickUser(ctx.app);
      const placed = await order(buyer, productId, pay);
      const itemId = placed.items[0]!._id;

      const detail = (await call('GET', `/api/user/orders/${placed._id}`, buyer)).json().order;
      expect(detail.items[0]).toMatchObject({ size: 'Free Size', color: 'Navy' });
      const sellerLine = (await call('GET', '/api/seller/orders', seller))
        .json()
        .find((l: { _id: string }) => l._id === itemId);
      expect(sellerLine).toMatchObject({ size: 'Free Size', color: 'Navy' });

      const slip = await call('GET', `/api/seller/orders/${placed._id}/packing-slip.pdf`, seller);
      expect(slip.statusCode).toBe(200);
      const slipText = await pdfText(slip.rawPayload);
      // The row under Item, Size, Colour, SKU, Qty.
      expect(slipText).toContain('Colour SKU Qty Cotton Dupatta Free Size Navy VA-');
      const label = await call('GET', `/api/seller/orders/${placed._id}/label.pdf?size=4x6`, seller);
      expect(await pdfText(label.rawPayload)).toContain('1 × Cotton Dupatta (Free Size / Navy)');

      expect((await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {})).statusCode).toBe(200);
      const shipped = (await call('GET', `/api/user/orders/${placed._id}`, buyer)).json().order;
      const invoiceId = shipped.items[0].invoiceId;
      const invoice = (await call('GET', `/api/invoices/${invoiceId}`, buyer)).json().document;
      expect(invoice.lines).toEqual([
        expect.objectContaining({ description: 'Cotton Dupatta (Free Size, Navy)' }),
      ]);
      const pdf = await call('GET', `/api/invoices/${invoiceId}/pdf`, buyer);
      expect(pdf.statusCode).toBe(200);
      expect(await pdfText(pdf.rawPayload)).toContain('Cotton Dupatta (Free Size, Navy)');
    });
  }

  it('an exchange into another size without a colour ships in the product’s colour', async () => {
    const res = await call('POST', '/api/seller/add-product', seller, {
      productName: 'Linen Kurta',
      category: 'Mens',
      subCategory: 'gentsShirt',
      color: 'Maroon',
      imageUrl: IMAGE,
      variants: [
        { size: 'M', color: '', stock: 3, price: 999 },
        { size: 'L', color: '', stock: 3, price: 999 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json().product;
    const sizeId = (size: string) => product.variants.find((v: { size: string }) => v.size === size)._id;
    const buyer = await quickUser(ctx.app);
    const delivered = await deliveredOrder(call, ctx.app, buyer, seller, [
      { productId: product._id, variantId: sizeId('M') },
    ]);
    expect(delivered.items[0]).toMatchObject({ size: 'M', color: 'Maroon' });
    const ret = await requested(call, buyer, delivered.items[0]!._id, {
      kind: 'exchange',
      quantity: 1,
      reason: 'wrong_size',
      variantId: sizeId('L'),
      refundTo: UPI,
    });
    expect((await act(call, seller, 'seller', ret._id, 'approve')).statusCode).toBe(200);
    const received = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(received.statusCode, received.body).toBe(200);
    const after = (await call('GET', `/api/user/orders/${delivered._id}`, buyer)).json().order;
    const replacement = after.items.find((i: { exchangeOfReturnId: string | null }) => i.exchangeOfReturnId);
    expect(replacement).toMatchObject({ size: 'L', color: 'Maroon' });
  });
});
