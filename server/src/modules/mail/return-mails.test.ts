import { describe, expect, it } from 'vitest';
import { type MailReturn, type ReturnStep, returnMails } from './return-mails.ts';

/** A COD refund of one of two kurtas, asked on 25 Nov; the seller decides by 27 Nov 2026 (IST). */
const base: MailReturn = {
  step: 'requested',
  orderNumber: 'VA-1A2B3C4D',
  customerName: 'Asha Verma',
  customerEmail: 'asha@example.in',
  sellerEmail: 'shop@example.in',
  itemName: 'Linen Kurta (M, Blue)',
  quantity: 1,
  kind: 'refund',
  reasonLabel: 'Wrong size or fit',
  note: 'Too tight',
  exchangeName: null,
  decisionDue: new Date('2026-11-27T06:30:00Z'),
  by: 'seller',
  pickup: { courier: 'Delhivery', awb: 'DLV-123456' },
  rejectReason: 'Tags were removed',
  refundPaise: 118_000,
  refundMethod: 'cod',
  refundTo: { upi: 'asha@okhdfc' },
  reference: 'UTR9876543210',
};

const STEPS: ReturnStep[] = ['requested', 'approved', 'rejected', 'refunded', 'exchanged', 'closed', 'paid'];
/** Each step as the workflow sends it: an exchange for the exchange step, the rest refunds. */
const at = (step: ReturnStep, more: Partial<MailReturn> = {}): MailReturn => ({
  ...base,
  step,
  ...(step === 'exchanged'
    ? { kind: 'exchange', exchangeName: 'Linen Kurta (L, Blue)', refundPaise: null }
    : {}),
  ...more,
});
const shopperMail = (r: MailReturn) => returnMails(r).find((m) => m.to === r.customerEmail)!;
const sellerMail = (r: MailReturn) => returnMails(r).find((m) => m.to === r.sellerEmail);

/** What a mail may name, written by the seller, the shopper or the courier: the same in both languages. */
const FACTS = [
  'VA-1A2B3C4D',
  'Linen Kurta (M, Blue) × 1',
  'Linen Kurta (L, Blue)',
  'Delhivery',
  'DLV-123456',
  'Tags were removed',
  'asha@okhdfc',
  'UTR9876543210',
];
const DEVANAGARI = /[\u0900-\u097F]/;
/** The English mail's own words: none of them may be left in a Hindi mail. */
const ENGLISH_WORDS =
  /\b(Hello|Return|Refund|Exchange|order|approved|accepted|seller|We|Please|Reason|reference|paid|Sorry|Good news)\b|Rs\./;

describe('return e-mails in the shopper’s language (issue 21)', () => {
  it.each(STEPS)('%s: the Hindi shopper mail has a Hindi subject and body with the same facts', (step) => {
    const en = shopperMail(at(step));
    const hi = shopperMail(at(step, { customerLocale: 'hi' }));
    expect(hi.kind).toBe(en.kind);
    expect(hi.kind).toBe(`return_${step}`);
    expect(hi.to).toBe('asha@example.in');
    expect(hi.subject).toMatch(DEVANAGARI);
    expect(hi.subject).not.toMatch(ENGLISH_WORDS);
    expect(hi.subject).toContain('VA-1A2B3C4D');
    expect(hi.text).toMatch(/^नमस्ते Asha Verma,\n/);
    expect(hi.text).not.toMatch(ENGLISH_WORDS);
    // Every fact of the English mail, as written: names, numbers, the seller's words, the refund.
    const all = (m: typeof en) => `${m.subject}\n${m.text}`;
    expect(all(hi)).toContain('Linen Kurta (M, Blue)');
    for (const fact of FACTS) if (all(en).includes(fact)) expect(all(hi)).toContain(fact);
    if (all(en).includes('Rs. 1,180.00')) expect(all(hi)).toContain('₹1,180.00');
    expect(['refunded', 'paid'].includes(step)).toBe(all(hi).includes('₹1,180.00'));
    expect(hi.html).toContain('<html lang="hi">');
    expect(hi.html).toContain('<p>नमस्ते Asha Verma,</p>');
  });

  it('gives the refund in hi-IN rupees, the decision day, pickup, reason and destination in Hindi', () => {
    const hi = (step: ReturnStep, more: Partial<MailReturn> = {}) =>
      shopperMail(at(step, { customerLocale: 'hi', ...more }));
    expect(hi('requested').text).toContain('विक्रेता 27 नव॰ 2026 तक तय करेगा');
    expect(hi('approved').text).toContain('Delhivery पार्सल का पिकअप करेगा (AWB DLV-123456)');
    expect(hi('approved', { pickup: null }).text).toContain('विक्रेता पिकअप का इंतज़ाम करेगा');
    expect(hi('approved', { by: 'admin' }).text).toContain('वस्त्र द्वारा स्वीकार कर ली गई है');
    expect(hi('rejected').text).toContain('कारण: Tags were removed');
    expect(hi('rejected').text).toContain('विक्रेता ने स्वीकार नहीं की');
    expect(hi('refunded').text).toContain(
      '₹1,180.00 का रिफ़ंड मिलेगा, जो हम 5-7 कार्य-दिवसों में आपकी UPI ID asha@okhdfc में भेज देंगे',
    );
    expect(hi('refunded', { refundMethod: 'online', refundTo: null }).text).toContain(
      '₹1,180.00 का रिफ़ंड आपके मूल भुगतान माध्यम में कर दिया गया है।',
    );
    expect(hi('refunded', { refundPaise: null }).text).toContain('रिफ़ंड के लिए कुछ बाक़ी नहीं था');
    expect(hi('paid', { refundTo: { accountNumber: '123456789', ifsc: 'HDFC0001234' } }).text).toContain(
      'हमने ₹1,180.00 आपके बैंक खाते •••• 6789 (HDFC0001234) में भेज दिए हैं (संदर्भ UTR9876543210)।',
    );
    const exchange = hi('exchanged');
    expect(exchange.subject).toBe('बदलाव का आइटम रास्ते में है: ऑर्डर VA-1A2B3C4D के लिए Linen Kurta (L, Blue)');
    expect(exchange.text).toContain('Linen Kurta (L, Blue) × 1 बिना किसी शुल्क के');
    const asked = hi('requested', { kind: 'exchange', exchangeName: 'Linen Kurta (L, Blue)' });
    expect(asked.text).toContain('Linen Kurta (M, Blue) × 1 को Linen Kurta (L, Blue) से बदलने का');
    expect(asked.text).toContain('इस बीच Linen Kurta (L, Blue) आपके लिए अलग रख दिया गया है।');
    expect(hi('requested', { customerName: '' }).text).toMatch(/^नमस्ते ग्राहक,/);
  });

  it('leaves the English shopper mail as it was, with or without the locale', () => {
    for (const step of STEPS) {
      const unset = shopperMail(at(step));
      expect(shopperMail(at(step, { customerLocale: 'en' }))).toEqual(unset);
      expect(unset.text).toMatch(/^Hello Asha Verma,\n/);
      expect(unset.subject).not.toMatch(DEVANAGARI);
      expect(unset.text).not.toMatch(DEVANAGARI);
      expect(unset.html).toContain('<html><body');
    }
    expect(shopperMail(at('requested')).text).toContain('The seller will decide by 27 Nov 2026;');
    expect(shopperMail(at('refunded')).subject).toBe(
      'Refund for Linen Kurta (M, Blue) from order VA-1A2B3C4D',
    );
    expect(shopperMail(at('refunded')).text).toContain(
      'We owe you Rs. 1,180.00 for it and will pay it to your UPI id asha@okhdfc within 5-7 working days',
    );
    expect(
      shopperMail(at('paid', { refundTo: { accountNumber: '123456789', ifsc: 'HDFC0001234' } })).text,
    ).toContain(
      'We have paid Rs. 1,180.00 to your bank account •••• 6789 (HDFC0001234) (reference UTR9876543210).',
    );
  });

  it.each(STEPS)("%s: the seller's mail is English whatever the shopper's language", (step) => {
    const en = sellerMail(at(step));
    const hi = sellerMail(at(step, { customerLocale: 'hi' }));
    expect(hi).toEqual(en);
    if (step === 'paid') return expect(hi).toBeUndefined();
    expect(hi?.to).toBe('shop@example.in');
    expect(hi?.kind).toBe(`return_${step}_seller`);
    expect(`${hi?.subject}\n${hi?.text}`).not.toMatch(DEVANAGARI);
  });

  it('tells the seller the reason and the decision day in English for a Hindi shopper', () => {
    const note = sellerMail(at('requested', { customerLocale: 'hi' }))!;
    expect(note.text).toContain('Asha Verma asks for a refund for Linen Kurta (M, Blue) × 1.');
    expect(note.text).toContain('Reason: Wrong size or fit (“Too tight”).');
    expect(note.text).toContain('by 27 Nov 2026 under Returns');
  });
});
