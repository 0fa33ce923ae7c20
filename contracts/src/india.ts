/**
 * India's 28 states and 8 union territories with their GST state codes (the first two digits of a
 * GSTIN), without zod: the address book's schema, the web's state picker and tax code all read this
 * one list. Names are as the GST portal spells them.
 */
export const INDIAN_STATES = [
  { name: 'Andaman and Nicobar Islands', gstCode: '35', union: true },
  { name: 'Andhra Pradesh', gstCode: '37', union: false },
  { name: 'Arunachal Pradesh', gstCode: '12', union: false },
  { name: 'Assam', gstCode: '18', union: false },
  { name: 'Bihar', gstCode: '10', union: false },
  { name: 'Chandigarh', gstCode: '04', union: true },
  { name: 'Chhattisgarh', gstCode: '22', union: false },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26', union: true },
  { name: 'Delhi', gstCode: '07', union: true },
  { name: 'Goa', gstCode: '30', union: false },
  { name: 'Gujarat', gstCode: '24', union: false },
  { name: 'Haryana', gstCode: '06', union: false },
  { name: 'Himachal Pradesh', gstCode: '02', union: false },
  { name: 'Jammu and Kashmir', gstCode: '01', union: true },
  { name: 'Jharkhand', gstCode: '20', union: false },
  { name: 'Karnataka', gstCode: '29', union: false },
  { name: 'Kerala', gstCode: '32', union: false },
  { name: 'Ladakh', gstCode: '38', union: true },
  { name: 'Lakshadweep', gstCode: '31', union: true },
  { name: 'Madhya Pradesh', gstCode: '23', union: false },
  { name: 'Maharashtra', gstCode: '27', union: false },
  { name: 'Manipur', gstCode: '14', union: false },
  { name: 'Meghalaya', gstCode: '17', union: false },
  { name: 'Mizoram', gstCode: '15', union: false },
  { name: 'Nagaland', gstCode: '13', union: false },
  { name: 'Odisha', gstCode: '21', union: false },
  { name: 'Puducherry', gstCode: '34', union: true },
  { name: 'Punjab', gstCode: '03', union: false },
  { name: 'Rajasthan', gstCode: '08', union: false },
  { name: 'Sikkim', gstCode: '11', union: false },
  { name: 'Tamil Nadu', gstCode: '33', union: false },
  { name: 'Telangana', gstCode: '36', union: false },
  { name: 'Tripura', gstCode: '16', union: false },
  { name: 'Uttar Pradesh', gstCode: '09', union: false },
  { name: 'Uttarakhand', gstCode: '05', union: false },
  { name: 'West Bengal', gstCode: '19', union: false },
] as const satisfies readonly { name: string; gstCode: string; union: boolean }[];

export type IndianState = (typeof INDIAN_STATES)[number];
export type IndianStateName = IndianState['name'];

const folded = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*&\s*/g, ' and ');
/** Made on first use: built at load, a bundle would keep it (and its list) on pages that never look a state up. */
let byName: Map<string, IndianState> | undefined;

/**
 * The state or union territory a shopper typed or picked, whatever its case, spacing or "&" for
 * "and" (`'tamil nadu'`, `'Jammu & Kashmir'`); undefined when it is not one of the 36.
 */
export const findIndianState = (name: string): IndianState | undefined => {
  byName ??= new Map(INDIAN_STATES.map((s) => [folded(s.name), s]));
  return byName.get(folded(name));
};

/** The GST state code of a state's name (`'Karnataka'` → `'29'`), undefined for an unknown name. */
export const gstStateCode = (name: string): string | undefined => findIndianState(name)?.gstCode;

/** Mobile numbers are stored as 10 digits and shown with the country code: "+91 98450 01234". */
export const formatIndianMobile = (digits: string) =>
  /^\d{10}$/.test(digits) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : digits;

/** The names of the 36 in alphabetical order, for a picker. */
export const INDIAN_STATE_NAMES: readonly IndianStateName[] = /* @__PURE__ */ INDIAN_STATES.map(
  (s) => s.name,
);
