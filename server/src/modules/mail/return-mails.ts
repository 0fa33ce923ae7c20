import { maskAccountNumber } from '@vastra/contracts';
import { formatDay } from '../../lib/day.ts';
import { withHtml } from './cancel-mails.ts';
import type { MailMessage } from './mailer.ts';
import { formatPaise, formatPaiseHi } from './order-mails.ts';

/** A step of a return the shopper and the seller hear about. */
export type ReturnStep = 'requested' | 'approved' | 'rejected' | 'refunded' | 'exchanged' | 'closed' | 'paid';

/** What the return e-mails say: the facts of the return, as the workflow knows them after the step. */
export interface MailReturn {
  step: ReturnStep;
  orderNumber: string;
  customerName: string;
  customerEmail: string | null;
  sellerEmail: string;
  /** "Linen Kurta (M, Blue)". */
  itemName: string;
  quantity: number;
  kind: 'refund' | 'exchange';
  reasonLabel: string;
  note: string;
  /** Exchange: "Linen Kurta (L, Blue)". */
  exchangeName: string | null;
  /** The end of the seller's time to decide (shown as "27 Nov 2026", in Hindi "27 नव॰ 2026"). */
  decisionDue: Date;
  by: 'seller' | 'admin';
  pickup: { courier: string; awb: string } | null;
  rejectReason: string | null;
  refundPaise: number | null;
  /** Online: refunded through the provider; COD: paid by the shop to `refundTo`. */
  refundMethod: 'online' | 'cod';
  /** A COD refund's destination: a UPI id or a bank account (shown masked, with its IFSC). */
  refundTo: { upi: string } | { accountNumber: string; ifsc: string } | null;
  /** The COD payout's reference (UTR), once paid. */
  reference: string | null;
  /** The shopper's language (their mail only; the seller's stays English). */
  customerLocale?: 'en' | 'hi';
}

const what = (r: MailReturn) => `${r.itemName} × ${r.quantity}`;
const customer = (r: MailReturn) => r.customerName || 'customer';

/** "UPI id asha@okhdfc" or "bank account •••• 6789 (HDFC0001234)". */
function refundToText(to: MailReturn['refundTo']) {
  if (!to) return '';
  return 'upi' in to
    ? `UPI id ${to.upi}`
    : `bank account ${maskAccountNumber(to.accountNumber)} (${to.ifsc})`;
}
const ask = (r: MailReturn) => (r.kind === 'exchange' ? `an exchange for ${r.exchangeName}` : 'a refund');

function refundLine(r: MailReturn) {
  if (!r.refundPaise) return 'Nothing was left to refund on this order.';
  if (r.refundMethod === 'online')
    return `A refund of ${formatPaise(r.refundPaise)} has been made to the way you paid. Banks usually show it within 5-7 working days.`;
  return `We owe you ${formatPaise(r.refundPaise)} for it and will pay it to your ${refundToText(r.refundTo)} within 5-7 working days; we will e-mail you when it is paid.`;
}

/** To the shopper, one message per step. */
function toShopper(r: MailReturn & { customerEmail: string }): MailMessage {
  if (r.customerLocale === 'hi') return toShopperHi(r);
  const hello = `Hello ${customer(r)},`;
  const about = `your return of ${what(r)} from order ${r.orderNumber}`;
  const bodies: Record<ReturnStep, [string, string[]]> = {
    requested: [
      `Return requested: ${r.itemName} from order ${r.orderNumber}`,
      [
        `We have your request for ${ask(r)} for ${what(r)}.`,
        ...(r.kind === 'exchange' ? [`${r.exchangeName} is set aside for you meanwhile.`] : []),
        `The seller will decide by ${formatDay(r.decisionDue)}; we will e-mail you as soon as they do.`,
      ],
    ],
    approved: [
      `Return approved: ${r.itemName} from order ${r.orderNumber}`,
      [
        `Good news: ${about} has been approved${r.by === 'admin' ? ' by Vastra' : ''}.`,
        r.pickup
          ? `${r.pickup.courier} will pick the parcel up (AWB ${r.pickup.awb}). Please pack the item with its tags.`
          : 'The seller will arrange a pickup. Please pack the item with its tags.',
      ],
    ],
    rejected: [
      `Return not accepted: ${r.itemName} from order ${r.orderNumber}`,
      [
        `Sorry, ${about} was not accepted${r.by === 'admin' ? ' by Vastra' : ' by the seller'}.`,
        `Reason: ${r.rejectReason ?? ''}`,
        'If you think this is wrong, reply to this e-mail and our team will look at it again.',
      ],
    ],
    refunded: [
      `Refund for ${r.itemName} from order ${r.orderNumber}`,
      [`The returned ${what(r)} has been accepted.`, refundLine(r)],
    ],
    exchanged: [
      `Exchange on its way: ${r.exchangeName} for order ${r.orderNumber}`,
      [
        `The returned ${what(r)} has been accepted.`,
        `${r.exchangeName} × ${r.quantity} ships to you at no charge; it appears in My Orders with its tracking once shipped.`,
      ],
    ],
    closed: [
      `Return closed: ${r.itemName} from order ${r.orderNumber}`,
      [
        `The seller received ${what(r)} but it was not in a condition to be accepted, so no refund or exchange was made.`,
        'If you think this is wrong, reply to this e-mail and our team will look at it again.',
      ],
    ],
    paid: [
      `Refund paid for ${r.itemName} from order ${r.orderNumber}`,
      [
        `We have paid ${formatPaise(r.refundPaise ?? 0)} to your ${refundToText(r.refundTo)} (reference ${r.reference ?? ''}).`,
      ],
    ],
  };
  const [subject, lines] = bodies[r.step];
  return withHtml({
    to: r.customerEmail,
    kind: `return_${r.step}`,
    subject,
    text: [hello, '', ...lines].join('\n'),
  });
}

/** Where a COD refund goes, in Hindi: "आपकी UPI ID asha@okhdfc", "आपके बैंक खाते •••• 6789 (HDFC0001234)". */
function refundToHi(to: MailReturn['refundTo']) {
  if (!to) return '';
  return 'upi' in to
    ? `आपकी UPI ID ${to.upi}`
    : `आपके बैंक खाते ${maskAccountNumber(to.accountNumber)} (${to.ifsc})`;
}

function refundLineHi(r: MailReturn) {
  if (!r.refundPaise) return 'इस ऑर्डर पर रिफ़ंड के लिए कुछ बाक़ी नहीं था।';
  if (r.refundMethod === 'online')
    return `${formatPaiseHi(r.refundPaise)} का रिफ़ंड आपके मूल भुगतान माध्यम में कर दिया गया है। बैंक आमतौर पर इसे 5-7 कार्य-दिवसों में दिखाते हैं।`;
  return `इसके लिए आपको ${formatPaiseHi(r.refundPaise)} का रिफ़ंड मिलेगा, जो हम 5-7 कार्य-दिवसों में ${refundToHi(r.refundTo)} में भेज देंगे; भुगतान होते ही हम आपको ई-मेल करेंगे।`;
}

/** The shopper's mail in Hindi: the same facts; product names, the seller's words and codes as written. */
function toShopperHi(r: MailReturn & { customerEmail: string }): MailMessage {
  const from = `ऑर्डर ${r.orderNumber} से ${r.itemName}`;
  const yours = `ऑर्डर ${r.orderNumber} से ${what(r)} की आपकी वापसी`;
  const again = 'अगर आपको लगता है कि यह ग़लत है, तो इस ई-मेल का जवाब दें और हमारी टीम इसे फिर से देखेगी।';
  const bodies: Record<ReturnStep, [string, string[]]> = {
    requested: [
      `वापसी का अनुरोध: ${from}`,
      [
        r.kind === 'exchange'
          ? `हमें ${what(r)} को ${r.exchangeName} से बदलने का आपका अनुरोध मिल गया है।`
          : `हमें ${what(r)} के रिफ़ंड का आपका अनुरोध मिल गया है।`,
        ...(r.kind === 'exchange' ? [`इस बीच ${r.exchangeName} आपके लिए अलग रख दिया गया है।`] : []),
        `विक्रेता ${formatDay(r.decisionDue, 'hi')} तक तय करेगा; जैसे ही वह तय करेगा, हम आपको ई-मेल करेंगे।`,
      ],
    ],
    approved: [
      `वापसी स्वीकृत: ${from}`,
      [
        `अच्छी ख़बर: ${yours}${r.by === 'admin' ? ' वस्त्र द्वारा' : ''} स्वीकार कर ली गई है।`,
        r.pickup
          ? `${r.pickup.courier} पार्सल का पिकअप करेगा (AWB ${r.pickup.awb})। कृपया आइटम को उसके टैग के साथ पैक करें।`
          : 'विक्रेता पिकअप का इंतज़ाम करेगा। कृपया आइटम को उसके टैग के साथ पैक करें।',
      ],
    ],
    rejected: [
      `वापसी स्वीकार नहीं हुई: ${from}`,
      [
        `माफ़ कीजिए, ${yours} ${r.by === 'admin' ? 'वस्त्र' : 'विक्रेता'} ने स्वीकार नहीं की।`,
        `कारण: ${r.rejectReason ?? ''}`,
        again,
      ],
    ],
    refunded: [`रिफ़ंड: ${from}`, [`वापस भेजा गया ${what(r)} स्वीकार कर लिया गया है।`, refundLineHi(r)]],
    exchanged: [
      `बदलाव का आइटम रास्ते में है: ऑर्डर ${r.orderNumber} के लिए ${r.exchangeName}`,
      [
        `वापस भेजा गया ${what(r)} स्वीकार कर लिया गया है।`,
        `${r.exchangeName} × ${r.quantity} बिना किसी शुल्क के आपको भेजा जाएगा; भेजे जाने पर यह ट्रैकिंग के साथ ‘मेरे ऑर्डर’ में दिखेगा।`,
      ],
    ],
    closed: [
      `वापसी बंद: ${from}`,
      [
        `विक्रेता को ${what(r)} मिल गया, पर वह स्वीकार करने लायक हालत में नहीं था, इसलिए न रिफ़ंड किया गया, न बदलाव।`,
        again,
      ],
    ],
    paid: [
      `रिफ़ंड चुका दिया गया: ${from}`,
      [
        `हमने ${formatPaiseHi(r.refundPaise ?? 0)} ${refundToHi(r.refundTo)} में भेज दिए हैं (संदर्भ ${r.reference ?? ''})।`,
      ],
    ],
  };
  const [subject, lines] = bodies[r.step];
  const mail = withHtml({
    to: r.customerEmail,
    kind: `return_${r.step}`,
    subject,
    text: [`नमस्ते ${r.customerName || 'ग्राहक'},`, '', ...lines].join('\n'),
  });
  return { ...mail, html: mail.html?.replace('<html>', '<html lang="hi">') };
}

/** To the seller of the item: what happened and what, if anything, they should do. */
function toSeller(r: MailReturn): MailMessage | undefined {
  const who = r.by === 'admin' ? 'Vastra' : 'You';
  const bodies: Partial<Record<ReturnStep, [string, string[]]>> = {
    requested: [
      `Return requested: ${r.itemName}, order ${r.orderNumber}`,
      [
        `${customer(r)} asks for ${ask(r)} for ${what(r)}.`,
        `Reason: ${r.reasonLabel}${r.note ? ` (“${r.note}”)` : ''}.`,
        `Please approve or reject it by ${formatDay(r.decisionDue)} under Returns in your seller menu; after that Vastra may decide.`,
      ],
    ],
    approved: [
      `Return approved: ${r.itemName}, order ${r.orderNumber}`,
      [
        `${who} approved the return of ${what(r)}.`,
        'Mark it received under Returns when the parcel is back, saying whether it is in a condition to accept.',
      ],
    ],
    rejected: [
      `Return rejected: ${r.itemName}, order ${r.orderNumber}`,
      [`${who} rejected the return of ${what(r)}.`, `Reason: ${r.rejectReason ?? ''}`],
    ],
    refunded: [
      `Return completed: ${r.itemName}, order ${r.orderNumber}`,
      [
        `${what(r)} is back${r.by === 'admin' ? ' (settled by Vastra)' : ''}; a credit note was issued.`,
        ...(r.refundPaise ? [`The customer is refunded ${formatPaise(r.refundPaise)}.`] : []),
      ],
    ],
    exchanged: [
      `Ship the exchange: ${r.exchangeName}, order ${r.orderNumber}`,
      [
        `${what(r)} is back and restocked.`,
        `Please ship ${r.exchangeName} × ${r.quantity} at no charge: it is in your Orders as a new item of order ${r.orderNumber}.`,
      ],
    ],
    closed: [
      `Return closed: ${r.itemName}, order ${r.orderNumber}`,
      [`You marked ${what(r)} received not in a condition to accept: no restock, refund or exchange.`],
    ],
  };
  const body = bodies[r.step];
  if (!body) return undefined;
  return withHtml({
    to: r.sellerEmail,
    kind: `return_${r.step}_seller`,
    subject: body[0],
    text: body[1].join('\n'),
  });
}

/** The e-mails of one step of a return: to the shopper (when we have their address) and the seller. */
export function returnMails(r: MailReturn): MailMessage[] {
  const customerEmail = r.customerEmail;
  const seller = toSeller(r);
  return [...(customerEmail ? [toShopper({ ...r, customerEmail })] : []), ...(seller ? [seller] : [])];
}
