import type { MailMessage } from './mailer.ts';
import { formatPaise, formatPaiseHi, type MailOrderItem } from './order-mails.ts';

/** Who cancelled an item: the shopper, the seller of the item, or the shop's staff. */
export type CancelledBy = 'customer' | 'seller' | 'admin';

export interface MailCancellation {
  orderNumber: string;
  customerName: string;
  customerEmail: string | null;
  sellerEmail: string;
  item: MailOrderItem;
  by: CancelledBy;
  paymentMethod: 'stripe' | 'cod';
  /** Paise refunded to the card for this item; null when nothing was paid (COD, or not paid yet). */
  refundPaise: number | null;
  /** The shopper's language (their mail only; the seller's note stays English). */
  customerLocale?: 'en' | 'hi';
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same words as the text, as simple HTML: blank lines part paragraphs, lines break. */
const asHtml = (text: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2433">${text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;

/** A message with its text and the same words as HTML. */
export const withHtml = (m: Omit<MailMessage, 'html'>): MailMessage => ({ ...m, html: asHtml(m.text) });

const byWhom: Record<CancelledBy, string> = {
  customer: 'as you asked',
  seller: 'by the seller, who cannot fulfil it',
  admin: 'by Vastra',
};

/** The refund line: a card refund names its amount; a COD item simply is not collected. */
function moneyLine(c: MailCancellation) {
  if (c.refundPaise !== null && c.refundPaise > 0) {
    return `A refund of ${formatPaise(c.refundPaise)} has been made to your card. Banks usually show it within 5-7 working days.`;
  }
  if (c.paymentMethod === 'cod') return 'Nothing is due for it: it was to be paid in cash on delivery.';
  return 'No payment was taken for it.';
}

/** To the shopper when an item of their order is cancelled (by them, the seller or the shop). */
export function cancellationMail(c: MailCancellation & { customerEmail: string }): MailMessage {
  if (c.customerLocale === 'hi') return cancellationMailHi(c);
  return withHtml({
    to: c.customerEmail,
    kind: 'cancellation',
    subject: `Cancelled: ${c.item.name} from your Vastra order ${c.orderNumber}`,
    text: [
      `Hello ${c.customerName},`,
      '',
      `${c.item.name} × ${c.item.quantity} (${formatPaise(c.item.amountPaise)}) from your order ${c.orderNumber} has been cancelled ${byWhom[c.by]}.`,
      moneyLine(c),
      '',
      'The rest of the order, if any, is unchanged. You can see every item of it under My Orders.',
    ].join('\n'),
  });
}

/** To the seller of a cancelled item: not to ship it (and, when they cancelled it, a receipt). */
export function sellerCancellationNote(c: MailCancellation): MailMessage {
  const who =
    c.by === 'seller' ? 'You cancelled' : c.by === 'admin' ? 'Vastra cancelled' : 'The customer cancelled';
  return withHtml({
    to: c.sellerEmail,
    kind: 'cancellation_seller',
    subject: `Order ${c.orderNumber}: ${c.item.name} cancelled`,
    text: [
      `${who} ${c.item.name} × ${c.item.quantity} (${formatPaise(c.item.amountPaise)}) of order ${c.orderNumber}.`,
      'Please do not ship it; its stock is back in your listing.',
      ...(c.refundPaise ? [`The customer's card was refunded ${formatPaise(c.refundPaise)}.`] : []),
    ].join('\n'),
  });
}

const byWhomHi: Record<CancelledBy, string> = {
  customer: 'आपके कहने पर',
  seller: 'विक्रेता द्वारा, जो इसे पूरा नहीं कर सकता',
  admin: 'वस्त्र द्वारा',
};

/** The shopper's cancellation mail in Hindi. */
function cancellationMailHi(c: MailCancellation & { customerEmail: string }): MailMessage {
  const money =
    c.refundPaise !== null && c.refundPaise > 0
      ? `${formatPaiseHi(c.refundPaise)} का रिफ़ंड आपके कार्ड पर कर दिया गया है। बैंक आमतौर पर इसे 5-7 कार्य-दिवसों में दिखाते हैं।`
      : c.paymentMethod === 'cod'
        ? 'इसके लिए कुछ देय नहीं है: इसका भुगतान डिलीवरी पर नकद होना था।'
        : 'इसके लिए कोई भुगतान नहीं लिया गया।';
  return withHtml({
    to: c.customerEmail,
    kind: 'cancellation',
    subject: `रद्द: आपके वस्त्र ऑर्डर ${c.orderNumber} से ${c.item.name}`,
    text: [
      `नमस्ते ${c.customerName},`,
      '',
      `आपके ऑर्डर ${c.orderNumber} से ${c.item.name} × ${c.item.quantity} (${formatPaiseHi(c.item.amountPaise)}) ${byWhomHi[c.by]} रद्द कर दिया गया है।`,
      money,
      '',
      'ऑर्डर का बाक़ी हिस्सा, अगर कोई है, वैसा ही है। आप इसका हर आइटम ‘मेरे ऑर्डर’ में देख सकते हैं।',
    ].join('\n'),
  });
}
