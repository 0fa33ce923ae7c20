import { orderNumber } from '@vastra/contracts';
import type { MailMessage } from './mailer.ts';

/** What a tracking e-mail tells the shopper about a parcel (issue 38). */
export type TrackingMailKind = 'out_for_delivery' | 'delivered' | 'delivery_failed' | 'rto_initiated';

export interface TrackingMail {
  to: string;
  customerName: string;
  orderId: string;
  /** The parcel's pieces, e.g. "Cotton Kurta × 1". */
  pieces: string[];
  /** The order's page in the shop, where the shopper answers a failed delivery. */
  orderUrl: string;
  locale?: 'en' | 'hi';
  /** A failed attempt: the courier's reason, the attempts so far and allowed, the dates to choose from. */
  reason?: string | null;
  attempts?: number;
  maxAttempts?: number;
  dates?: string[];
  /** Returning to the seller: whether the shopper paid online (and is refunded when it is back). */
  prepaid?: boolean;
}

const EN: Record<TrackingMailKind, (m: TrackingMail) => { subject: string; body: string[] }> = {
  out_for_delivery: (m) => ({
    subject: `Your Vastra order ${orderNumber(m.orderId)} is out for delivery`,
    body: ['Your parcel is out for delivery today. Please keep your phone reachable.'],
  }),
  delivered: (m) => ({
    subject: `Your Vastra order ${orderNumber(m.orderId)} was delivered`,
    body: ['Your parcel was delivered. We hope you love it.'],
  }),
  delivery_failed: (m) => ({
    subject: `Delivery attempt failed for your Vastra order ${orderNumber(m.orderId)}: what should we do?`,
    body: [
      `The courier could not deliver your parcel${m.reason ? ` (${m.reason})` : ''}. This was attempt ${m.attempts ?? 1} of ${m.maxAttempts ?? 3}.`,
      '',
      `Please tell us what to do on your order page: ask for another attempt on ${m.dates?.join(', ') ?? 'a date of your choice'}, with a corrected phone number or a landmark, or cancel the order.`,
      `If we do not hear from you, the courier will try again; after the last attempt the parcel goes back to the seller.`,
    ],
  }),
  rto_initiated: (m) => ({
    subject: `Your Vastra order ${orderNumber(m.orderId)} is going back to the seller`,
    body: [
      'Your parcel could not be delivered and is on its way back to the seller.',
      m.prepaid
        ? 'You paid online: the full amount will be refunded once the parcel reaches the seller.'
        : 'Nothing is due from you for it.',
    ],
  }),
};

const HI: Record<TrackingMailKind, (m: TrackingMail) => { subject: string; body: string[] }> = {
  out_for_delivery: (m) => ({
    subject: `आपका वस्त्र ऑर्डर ${orderNumber(m.orderId)} आज डिलीवरी के लिए निकला है`,
    body: ['आपका पार्सल आज डिलीवरी के लिए निकला है। कृपया अपना फ़ोन चालू रखें।'],
  }),
  delivered: (m) => ({
    subject: `आपका वस्त्र ऑर्डर ${orderNumber(m.orderId)} डिलीवर हो गया`,
    body: ['आपका पार्सल डिलीवर हो गया। हमें उम्मीद है कि आपको यह पसंद आएगा।'],
  }),
  delivery_failed: (m) => ({
    subject: `आपके वस्त्र ऑर्डर ${orderNumber(m.orderId)} की डिलीवरी नहीं हो सकी: आगे क्या करें?`,
    body: [
      `कूरियर आपका पार्सल डिलीवर नहीं कर सका${m.reason ? ` (${m.reason})` : ''}। यह ${m.maxAttempts ?? 3} में से ${m.attempts ?? 1}वाँ प्रयास था।`,
      '',
      `अपने ऑर्डर पेज पर बताइए: ${m.dates?.join(', ') ?? 'अपनी चुनी तारीख़'} में से किसी दिन फिर से डिलीवरी (सही फ़ोन नंबर या लैंडमार्क के साथ), या ऑर्डर रद्द करें।`,
    ],
  }),
  rto_initiated: (m) => ({
    subject: `आपका वस्त्र ऑर्डर ${orderNumber(m.orderId)} विक्रेता को वापस जा रहा है`,
    body: [
      'आपका पार्सल डिलीवर नहीं हो सका और विक्रेता को वापस जा रहा है।',
      m.prepaid
        ? 'आपने ऑनलाइन भुगतान किया था: पार्सल विक्रेता तक पहुँचते ही पूरी राशि लौटा दी जाएगी।'
        : 'इसके लिए आपको कुछ नहीं देना है।',
    ],
  }),
};

/** The shopper's e-mail about a parcel's news, in their language, with a link to the order. */
export function trackingMail(kind: TrackingMailKind, m: TrackingMail): MailMessage {
  const hi = m.locale === 'hi';
  const { subject, body } = (hi ? HI : EN)[kind](m);
  return {
    to: m.to,
    kind: `tracking_${kind}`,
    subject,
    text: [
      hi ? `नमस्ते ${m.customerName},` : `Hello ${m.customerName},`,
      '',
      ...m.pieces.map((p) => `  - ${p}`),
      '',
      ...body,
      '',
      `${hi ? 'आपका ऑर्डर' : 'Your order'}: ${m.orderUrl}`,
    ].join('\n'),
  };
}
