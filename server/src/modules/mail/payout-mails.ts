import { formatDay } from '../../lib/day.ts';
import { withHtml } from './cancel-mails.ts';
import type { MailMessage } from './mailer.ts';
import { formatPaise, formatPaiseHi } from './order-mails.ts';

/** What the payout e-mail says: the payout as recorded, and the seller's balance after it. */
export interface MailPayout {
  sellerEmail: string;
  sellerName: string;
  amountPaise: number;
  /** The bank transfer's reference (UTR) the admin recorded. */
  reference: string;
  paidAt: Date;
  /** Still payable to the seller after this payout, and pending until return windows pass. */
  payablePaise: number;
  pendingPaise: number;
  /** The seller's language. */
  locale: 'en' | 'hi';
}

/** To the seller, once, when the admin records a payout to them. */
export function payoutMail(p: MailPayout): MailMessage {
  if (p.locale === 'hi') return payoutMailHi(p);
  return withHtml({
    to: p.sellerEmail,
    kind: 'payout',
    subject: `Vastra has paid you ${formatPaise(p.amountPaise)}`,
    text: [
      `Hello ${p.sellerName},`,
      '',
      `We paid ${formatPaise(p.amountPaise)} to your bank account on ${formatDay(p.paidAt)} (bank reference ${p.reference}).`,
      'It is in your statement under Payments.',
      '',
      `Still payable to you: ${formatPaise(p.payablePaise)}. Pending until return windows pass: ${formatPaise(p.pendingPaise)}.`,
    ].join('\n'),
  });
}

/** The payout e-mail in Hindi: the same facts, the reference as written. */
function payoutMailHi(p: MailPayout): MailMessage {
  const mail = withHtml({
    to: p.sellerEmail,
    kind: 'payout',
    subject: `वस्त्र ने आपको ${formatPaiseHi(p.amountPaise)} का भुगतान किया है`,
    text: [
      `नमस्ते ${p.sellerName},`,
      '',
      `हमने ${formatDay(p.paidAt, 'hi')} को ${formatPaiseHi(p.amountPaise)} आपके बैंक खाते में भेज दिए हैं (बैंक संदर्भ ${p.reference})।`,
      'यह ‘भुगतान’ में आपके विवरण-पत्र में दिखता है।',
      '',
      `अभी भी आपको देय: ${formatPaiseHi(p.payablePaise)}। वापसी की अवधि पूरी होने तक लंबित: ${formatPaiseHi(p.pendingPaise)}।`,
    ].join('\n'),
  });
  return { ...mail, html: mail.html?.replace('<html>', '<html lang="hi">') };
}
