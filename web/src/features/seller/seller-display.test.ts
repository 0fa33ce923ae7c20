import { describe, expect, it } from 'vitest';
import { displayId } from '../../lib/format.ts';
import { nextStep } from './order-status.ts';
import { withCountryCode } from './SellerProfilePage.tsx';

describe('seller profile and order display', () => {
  it("shows the seller id as 'S' + characters 5–9 of _id + '123' and the phone with +91", () => {
    expect(displayId('S', '3f2a9c81-7d4e-4b1a-9c3e-1234567890ab')).toBe('Sc81-7123');
    expect(withCountryCode('9876543210')).toBe('+91 9876543210');
    expect(withCountryCode('+91 98765-43210')).toBe('+91 9876543210');
  });

  it('offers Confirm Shipment on pending items and Mark delivered on shipped ones only', () => {
    expect(nextStep('pending')).toBe('ship');
    expect(nextStep('shipped')).toBe('deliver');
    expect(nextStep('delivered')).toBeNull();
    expect(nextStep('cancelled')).toBeNull();
    expect(nextStep('awaiting_payment')).toBeNull();
  });
});
