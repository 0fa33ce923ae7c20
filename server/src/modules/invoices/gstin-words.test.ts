import {
  demoGstin,
  gstinProblem,
  gstinStateCode,
  isValidGstin,
  normaliseGstin,
  rupeesInWords,
  SHOP_GSTIN_DEFAULT,
  withCheckDigit,
} from '@vastra/contracts';
import { describe, expect, it } from 'vitest';

describe('GSTIN checks', () => {
  it('accepts published GSTINs whose check characters were made by the GST portal', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAACR5055K1Z9', '24AAACC1206D1ZM']) {
      expect(gstinProblem(gstin), gstin).toBeUndefined();
    }
  });

  it('accepts the shop default and the demo sellers’ GSTINs', () => {
    expect(SHOP_GSTIN_DEFAULT).toBe(withCheckDigit('29AAFCV1234M1Z'));
    expect(isValidGstin(SHOP_GSTIN_DEFAULT)).toBe(true);
    expect(gstinStateCode(SHOP_GSTIN_DEFAULT)).toBe('29');
    for (const [state, index] of [
      ['01', 0],
      ['29', 1],
      ['07', 42],
      ['38', 9999],
    ] as const) {
      const gstin = demoGstin(state, index);
      expect(isValidGstin(gstin), gstin).toBe(true);
      expect(gstinStateCode(gstin)).toBe(state);
    }
  });

  it('gives the same demo GSTIN for the same seller, and different ones for different sellers', () => {
    expect(demoGstin('29', 7)).toBe(demoGstin('29', 7));
    expect(demoGstin('29', 7)).not.toBe(demoGstin('29', 8));
    expect(() => demoGstin('00', 1)).toThrow(RangeError);
    expect(() => demoGstin('29', 10_000)).toThrow(RangeError);
  });

  it('reads what a person typed with spaces around it or in small letters', () => {
    expect(normaliseGstin('  27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinProblem('  27aapfu0939f1zv ')).toBeUndefined();
  });

  it('names the first mistake in a GSTIN', () => {
    const cases: [string, string][] = [
      ['27AAPFU0939F1Z', 'GSTIN must be 15 characters'],
      ['27AAPFU0939F1ZVX', 'GSTIN must be 15 characters'],
      ['', 'GSTIN must be 15 characters'],
      ['00AAPFU0939F1ZV', 'GSTIN must start with a state code 01–38'],
      ['39AAPFU0939F1ZV', 'GSTIN must start with a state code 01–38'],
      ['97AAPFU0939F1ZV', 'GSTIN must start with a state code 01–38'],
      ['2XAAPFU0939F1ZV', 'GSTIN must start with a state code 01–38'],
      ['27AAPF10939F1ZV', "GSTIN's characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter)"],
      ['27AAPFU093XF1ZV', "GSTIN's characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter)"],
      ['27AAPFU093991ZV', "GSTIN's characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter)"],
      ['27AAPFU0939F0ZV', "GSTIN's 13th character must be 1–9 or A–Z"],
      ['27AAPFU0939F1YV', "GSTIN's 14th character must be Z"],
      ['27AAPFU0939F1ZW', "GSTIN's check digit does not match: check for a typing mistake"],
      ['27AAPFU0939F1Z-', "GSTIN's check digit does not match: check for a typing mistake"],
      // Two digits swapped: the weights 1, 2, 1, 2… are there to catch this.
      ['27AAPFU9039F1ZV', "GSTIN's check digit does not match: check for a typing mistake"],
    ];
    for (const [gstin, problem] of cases) expect(gstinProblem(gstin), gstin).toBe(problem);
  });

  it('rejects the made-up GSTIN the shop used to show by default', () => {
    expect(isValidGstin('29ABCDE1234F1Z5')).toBe(false);
  });

  it('refuses to complete anything but 14 letters and digits', () => {
    expect(() => withCheckDigit('29AAFCV1234M1')).toThrow(RangeError);
    expect(() => withCheckDigit('29AAFCV1234M1-')).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('writes rupees and paise in the Indian system', () => {
    expect(rupeesInWords(10234550)).toBe(
      'Rupees One Lakh Two Thousand Three Hundred Forty-Five and Fifty Paise Only',
    );
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(rupeesInWords(1_999)).toBe('Rupees Nineteen and Ninety-Nine Paise Only');
    expect(rupeesInWords(509_700)).toBe('Rupees Five Thousand Ninety-Seven Only');
    expect(rupeesInWords(1_000_000)).toBe('Rupees Ten Thousand Only');
    expect(rupeesInWords(2_00_000_00)).toBe('Rupees Two Lakh Only');
    expect(rupeesInWords(101_000_00)).toBe('Rupees One Lakh One Thousand Only');
    expect(rupeesInWords(1_100_00)).toBe('Rupees One Thousand One Hundred Only');
  });

  it('counts crores, and crores of crores', () => {
    expect(rupeesInWords(12_00_00_000_00)).toBe('Rupees Twelve Crore Only');
    expect(rupeesInWords(99_99_99_999_99)).toBe(
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
    expect(rupeesInWords(1_234_00_00_000_00)).toBe('Rupees One Thousand Two Hundred Thirty-Four Crore Only');
    expect(rupeesInWords(1_00_00_001_00)).toBe('Rupees One Crore One Only');
  });

  it('takes whole, non-negative paise only', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(12.5)).toThrow(RangeError);
    expect(() => rupeesInWords(Number.NaN)).toThrow(RangeError);
  });
});
