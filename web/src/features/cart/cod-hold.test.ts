import { COD_HELD_REASON } from '@vastra/contracts/constants';
import { describe, expect, it } from 'vitest';
import { COD_HELD_NOTE, withoutCod } from './PaymentMethodField.tsx';

const choices = {
  options: [
    { value: 'Razorpay' as const, label: 'UPI / Cards / Netbanking' },
    { value: 'COD' as const, label: 'COD' },
  ],
  testMode: false,
};

describe('a shopper whose Cash On Delivery is held back', () => {
  it('is offered prepaid only, with the server’s reason', () => {
    const { choices: left, codNote } = withoutCod(choices, false, '560001', COD_HELD_REASON);
    expect(left.options.map((o) => o.value)).toEqual(['Razorpay']);
    expect(codNote).toBe(COD_HELD_REASON);
  });

  it('has the reason in the catalogue, word for word, so it is translated', () => {
    expect(COD_HELD_NOTE).toBe(COD_HELD_REASON);
  });
});
