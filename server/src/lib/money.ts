/** Paise → rupees for API answers (`price` fields are rupees, DESIGN §4). */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Rupees (at most 2 decimals, already validated) → integer paise without float drift. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/**
 * Units [from, from + units) of `total` spread over `of` units: each unit's share rounded down,
 * cumulatively, so the last units take the remainder and every split adds up to `total` exactly.
 * Credit notes and the ledger's return reversals both split an item's figures this way.
 */
export const shareOfUnits = (total: number, of: number, from: number, units: number) =>
  Math.floor((total * (from + units)) / of) - Math.floor((total * from) / of);

/** Totals and tax have one home, shared with the web: contracts/src/totals.ts. */
export { type Totals, totalsOf as computeTotals } from '@vastra/contracts';
