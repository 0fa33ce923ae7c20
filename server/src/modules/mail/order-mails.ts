import { orderNumber } from '@vastra/contracts';
import type { MailMessage } from './mailer.ts';

/** Rupees from paise in the shop's display format: 'Rs. 1,299.00' (en-IN grouping). */
const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatPaise = (paise: number) => `Rs. ${rupees.format(paise / 100)}`;
/** The same in Hindi mails: hi-IN's '₹1,299.00'. */
const rupeesHi = new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR' });
export const formatPaiseHi = (paise: number) => rupeesHi.format(paise / 100);

export interface MailOrderItem {
  name: string;
  quantity: number;
  amountPaise: number;
}

export interface MailOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: 'stripe' | 'cod';
  address: string;
  subtotalPaise: number;
  gstPaise: number;
  totalPaise: number;
  /** The shipping fees' and the COD fee's taxable values (their GST is in gstPaise); 0: free, none. */
  shippingPaise?: number;
  codFeePaise?: number;
  items: MailOrderItem[];
  /** The shopper's language: their confirmation is in Hindi when they chose it. */
  customerLocale?: 'en' | 'hi';
}

const itemLines = (items: MailOrderItem[]) =>
  items.map((i) => `  - ${i.name} × ${i.quantity}: ${formatPaise(i.amountPaise)}`).join('\n');

const payment = (m: 'stripe' | 'cod') => (m === 'stripe' ? 'Card (paid)' : 'Cash On Delivery');

/** To the customer once an order is placed (COD) or paid (card). */
export function orderConfirmationMail(order: MailOrder): MailMessage {
  if (order.customerLocale === 'hi') {
    const rs = formatPaiseHi;
    return {
      to: order.customerEmail,
      kind: 'order_confirmation',
      subject: `आपका वस्त्र ऑर्डर ${orderNumber(order.id)} पक्का हो गया है`,
      text: [
        `नमस्ते ${order.customerName},`,
        '',
        'वस्त्र से ख़रीदारी के लिए धन्यवाद। आपका ऑर्डर पक्का हो गया है:',
        order.items.map((i) => `  - ${i.name} × ${i.quantity}: ${rs(i.amountPaise)}`).join('\n'),
        '',
        `उप-योग: ${rs(order.subtotalPaise)}`,
        `GST 18%: ${rs(order.gstPaise)}`,
        order.shippingPaise ? `शिपिंग: ${rs(order.shippingPaise)}` : 'शिपिंग: मुफ़्त',
        ...(order.codFeePaise ? [`कैश ऑन डिलीवरी शुल्क: ${rs(order.codFeePaise)}`] : []),
        `कुल: ${rs(order.totalPaise)}`,
        `भुगतान: ${order.paymentMethod === 'stripe' ? 'कार्ड (भुगतान हो गया)' : 'डिलीवरी पर नकद'}`,
        `डिलीवरी का पता: ${order.address}`,
        '',
        '4-5 दिनों में डिलीवरी। आप इसे ‘मेरे ऑर्डर’ में देख या रद्द कर सकते हैं।',
      ].join('\n'),
    };
  }
  return {
    to: order.customerEmail,
    kind: 'order_confirmation',
    subject: `Your Vastra order ${orderNumber(order.id)} is confirmed`,
    text: [
      `Hello ${order.customerName},`,
      '',
      'Thank you for shopping with Vastra. Your order is confirmed:',
      itemLines(order.items),
      '',
      `Subtotal: ${formatPaise(order.subtotalPaise)}`,
      `GST 18%: ${formatPaise(order.gstPaise)}`,
      order.shippingPaise ? `Shipping: ${formatPaise(order.shippingPaise)}` : 'Shipping: Free',
      ...(order.codFeePaise ? [`Cash On Delivery fee: ${formatPaise(order.codFeePaise)}`] : []),
      `Total: ${formatPaise(order.totalPaise)}`,
      `Payment: ${payment(order.paymentMethod)}`,
      `Shipping to: ${order.address}`,
      '',
      'Delivery within 4-5 days. You can follow or cancel it under My Orders.',
    ].join('\n'),
  };
}

/** To each seller whose products are in a new order: only their own items. */
export function newOrderMail(sellerEmail: string, order: MailOrder, items: MailOrderItem[]): MailMessage {
  return {
    to: sellerEmail,
    kind: 'new_order',
    subject: `New order ${orderNumber(order.id)} on Vastra`,
    text: [
      'You have a new order to ship:',
      itemLines(items),
      '',
      `Payment: ${payment(order.paymentMethod)}`,
      `Ship to: ${order.customerName}, ${order.address}`,
      '',
      'Confirm the shipment under Orders once it is on its way.',
    ].join('\n'),
  };
}

/** To the customer when a seller confirms shipment of an item. */
export function shipmentMail(
  to: string,
  customerName: string,
  orderId: string,
  item: MailOrderItem,
  locale: 'en' | 'hi' = 'en',
): MailMessage {
  if (locale === 'hi') {
    return {
      to,
      kind: 'shipment',
      subject: `आपका वस्त्र ऑर्डर ${orderNumber(orderId)} भेज दिया गया है`,
      text: [
        `नमस्ते ${customerName},`,
        '',
        `अच्छी ख़बर: ${item.name} × ${item.quantity} रास्ते में है और 4-5 दिनों में आप तक पहुँच जाना चाहिए।`,
      ].join('\n'),
    };
  }
  return {
    to,
    kind: 'shipment',
    subject: `Your Vastra order ${orderNumber(orderId)} has shipped`,
    text: [
      `Hello ${customerName},`,
      '',
      `Good news: ${item.name} × ${item.quantity} is on its way and should reach you within 4-5 days.`,
    ].join('\n'),
  };
}
