import { formatRupees } from '../../lib/format.ts';

/** The money desk's form rules, checked before a request (the server checks them again). */

/** What is wrong with the amount typed, or nothing. `payable` in rupees. */
export function amountProblem(text: string, payable: number): string | undefined {
  const amount = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(amount)) return /*i18n*/ 'Enter the amount transferred';
  if (amount <= 0) return /*i18n*/ 'Amount must be more than zero';
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) return /*i18n*/ 'At most 2 decimals (paise)';
  if (Math.round(amount * 100) > Math.round(payable * 100))
    return `At most ${formatRupees(payable)} is payable`;
  return undefined;
}

/** A rate typed as percent: '' clears it (null); otherwise 0–100 with at most 2 decimals. */
export function percentOf(text: string): { value: number | null } | { error: string } {
  const t = text.trim();
  if (t === '') return { value: null };
  const n = Number(t);
  if (!Number.isFinite(n)) return { error: /*i18n*/ 'Enter a percentage' };
  if (n < 0 || n > 100) return { error: /*i18n*/ 'Between 0 and 100' };
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return { error: /*i18n*/ 'At most 2 decimals' };
  return { value: n };
}
