import { withHtml } from './cancel-mails.ts';
import type { MailMessage } from './mailer.ts';
import { formatPaise } from './order-mails.ts';

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
  /** "27 Nov 2026": the seller's time to decide. */
  decisionDue: string;
  by: 'seller' | 'admin';
  pickup: { courier: string; awb: string } | null;
  rejectReason: string | null;
  refundPaise: number | null;
  /** Online: refunded through the provider; COD: paid by the shop to `refundTo`. */
  refundMethod: 'online' | 'cod';
  /** "UPI asha@okhdfc" or "bank account •••• 6789 (HDFC0001234)". */
  refundToText: string | null;
  /** The COD payout's reference (UTR), once paid. */
  reference: string | null;
}

const what = (r: MailReturn) => `${r.itemName} × ${r.quantity}`;
const ask = (r: MailReturn) => (r.kind === 'exchange' ? `an exchange for ${r.exchangeName}` : 'a refund');

function refundLine(r: MailReturn) {
  if (!r.refundPaise) return 'Nothing was left to refund on this order.';
  if (r.refundMethod === 'online')
    return `A refund of ${formatPaise(r.refundPaise)} has been made to the way you paid. Banks usually show it within 5-7 working days.`;
  return `We owe you ${formatPaise(r.refundPaise)} for it and will pay it to your ${r.refundToText} within 5-7 working days; we will e-mail you when it is paid.`;
}

/** To the shopper, one message per step. */
function toShopper(r: MailReturn & { customerEmail: string }): MailMessage {
  const hello = `Hello ${r.customerName},`;
  const about = `your return of ${what(r)} from order ${r.orderNumber}`;
  const bodies: Record<ReturnStep, [string, string[]]> = {
    requested: [
      `Return requested: ${r.itemName} from order ${r.orderNumber}`,
      [
        `We have your request for ${ask(r)} for ${what(r)}.`,
        ...(r.kind === 'exchange' ? [`${r.exchangeName} is set aside for you meanwhile.`] : []),
        `The seller will decide by ${r.decisionDue}; we will e-mail you as soon as they do.`,
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
        `We have paid ${formatPaise(r.refundPaise ?? 0)} to your ${r.refundToText} (reference ${r.reference ?? ''}).`,
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

/** To the seller of the item: what happened and what, if anything, they should do. */
function toSeller(r: MailReturn): MailMessage | undefined {
  const who = r.by === 'admin' ? 'Vastra' : 'You';
  const bodies: Partial<Record<ReturnStep, [string, string[]]>> = {
    requested: [
      `Return requested: ${r.itemName}, order ${r.orderNumber}`,
      [
        `${r.customerName} asks for ${ask(r)} for ${what(r)}.`,
        `Reason: ${r.reasonLabel}${r.note ? ` (“${r.note}”)` : ''}.`,
        `Please approve or reject it by ${r.decisionDue} under Returns in your seller menu; after that Vastra may decide.`,
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
