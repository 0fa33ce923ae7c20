/** Paise → rupees for API answers (`price` fields are rupees, DESIGN §4). */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Rupees (at most 2 decimals, already validated) → integer paise without float drift. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Totals and tax have one home, shared with the web: contracts/src/totals.ts. */
export { type Totals, totalsOf as computeTotals } from '@vastra/contracts';
