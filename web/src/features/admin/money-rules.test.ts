import { describe, expect, it } from 'vitest';
import { amountProblem, percentOf } from './money-rules.ts';

describe('a payout amount', () => {
  it('is at most the payable balance, to the paisa', () => {
    expect(amountProblem('844.54', 844.54)).toBeUndefined();
    expect(amountProblem('0.01', 844.54)).toBeUndefined();
    expect(amountProblem('844.55', 844.54)).toBe('At most Rs. 844.54 is payable');
  });

  it('is a positive number of rupees with at most 2 decimals', () => {
    expect(amountProblem('', 100)).toBe('Enter the amount transferred');
    expect(amountProblem('ten', 100)).toBe('Enter the amount transferred');
    expect(amountProblem('0', 100)).toBe('Amount must be more than zero');
    expect(amountProblem('10.005', 100)).toBe('At most 2 decimals (paise)');
  });
});

describe('a commission rate typed', () => {
  it('is a percentage from 0 to 100, or empty for the default', () => {
    expect(percentOf('12.5')).toEqual({ value: 12.5 });
    expect(percentOf(' ')).toEqual({ value: null });
    expect(percentOf('0')).toEqual({ value: 0 });
    expect(percentOf('101')).toEqual({ error: 'Between 0 and 100' });
    expect(percentOf('-1')).toEqual({ error: 'Between 0 and 100' });
    expect(percentOf('abc')).toEqual({ error: 'Enter a percentage' });
    expect(percentOf('1.234')).toEqual({ error: 'At most 2 decimals' });
  });
});
