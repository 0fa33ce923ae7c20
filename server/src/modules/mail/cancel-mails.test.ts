import { describe, expect, it } from 'vitest';
import { cancellationMail, sellerCancellationNote } from './cancel-mails.ts';

const cancelled = {
  orderNumber: 'VA-1A2B3C4D',
  customerName: 'Asha <Verma>',
  customerEmail: 'asha@example.in',
  sellerEmail: 'shop@example.in',
  item: { name: 'Kurta & Dupatta', quantity: 2, amountPaise: 259_800 },
  by: 'customer' as const,
  paymentMethod: 'stripe' as const,
  refundPaise: 306_564,
};

describe('cancellation e-mails', () => {
  it('say the same in plain text and simple HTML, escaped', () => {
    const mail = cancellationMail(cancelled);
    expect(mail.text).toContain('Kurta & Dupatta × 2 (Rs. 2,598.00) from your order VA-1A2B3C4D');
    expect(mail.text).toContain('A refund of Rs. 3,065.64 has been made to your card.');
    expect(mail.html).toContain('<p>Hello Asha &lt;Verma&gt;,</p>');
    expect(mail.html).toContain('Kurta &amp; Dupatta × 2');
    expect(mail.html).not.toContain('<Verma>');
  });

  it('tell the seller who cancelled and not to ship', () => {
    const note = sellerCancellationNote({
      ...cancelled,
      by: 'seller',
      refundPaise: null,
      paymentMethod: 'cod',
    });
    expect(note.to).toBe('shop@example.in');
    expect(note.text).toMatch(/^You cancelled Kurta & Dupatta × 2 \(Rs\. 2,598\.00\) of order VA-1A2B3C4D\./);
    expect(note.text).not.toContain('refunded');
  });
});
