import type { ApiOrder, OrderLine, OrderSummary } from '@vastra/contracts';
import { testProduct } from '../../test-product.ts';

/** Order answers as the server sends them, for the orders pages' tests. */
export function line(over: Partial<OrderLine> & { name: string }): OrderLine {
  const { name, ...rest } = over;
  return {
    _id: `item-${name}`,
    orderId: 'o1',
    productId: `p-${name}`,
    variantId: `v-${name}`,
    size: 'Free Size',
    color: '',
    quantity: 1,
    amount: 500,
    discount: 0,
    paymentMethod: 'COD',
    paymentStatus: 'cod_due',
    status: 'pending',
    deliveredAt: null,
    exchangeOfReturnId: null,
    address: '22 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    date: '2026-11-23T10:00:00.000Z',
    tracking: null,
    tax: { hsn: '6205', rate: 18, taxableValue: 500, cgst: 45, sgst: 45, igst: 0 },
    invoiceId: null,
    creditNoteId: null,
    product: [
      testProduct({
        _id: `p-${name}`,
        productName: name,
        price: 500,
        markPrice: null,
        stockQuantity: 3,
        category: 'men',
        subCategory: 'shirts',
        image: `https://img.test/${name}.jpg`,
        public_id: '',
        date: '2026-11-01T10:00:00.000Z',
        rating: 0,
        ratingCount: 0,
        color: '',
        brand: '',
        companyName: 'Das Weaves',
        sellerId: 's1',
      }),
    ],
    ...rest,
  };
}

export function summary(over: Partial<OrderSummary> & { _id: string; items: OrderLine[] }): OrderSummary {
  return {
    number: `VA-${over._id.toUpperCase()}`,
    createdAt: '2026-11-23T10:00:00.000Z',
    total: 1180,
    paymentMethod: 'COD',
    paymentStatus: 'cod_due',
    ...over,
  };
}

export function apiOrder(over: Partial<ApiOrder> & { items: OrderLine[] }): ApiOrder {
  return {
    _id: '1a2b3c4d-0000-4000-8000-000000000001',
    number: 'VA-1A2B3C4D',
    paymentMethod: 'Stripe',
    paymentStatus: 'paid',
    address: '22 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    subtotal: 1000,
    gst: 180,
    shipping: 0,
    total: 1180,
    taxIncluded: false,
    taxLines: [{ label: 'IGST 18%', rate: 18, amount: 180 }],
    discount: 0,
    couponCode: null,
    date: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

/** A fetch stub answering each call from `answer` (JSON, with optional headers). */
export function jsonResponse(body: unknown, headers: Record<string, string> = {}, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
