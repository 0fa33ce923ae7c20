/**
 * The order number people read, say on the phone and find in their e-mails: `VA-` and the first 8
 * hex digits of the order's id, upper-cased (`VA-1A2B3C4D`). Derived, not stored (no schema change),
 * so it is the same wherever it is shown; the order e-mails already named orders by these 8
 * characters. Lookups still go by the full id: two orders could share a number (32 bits; a stored
 * sequence needs a column of its own).
 */
export function orderNumber(orderId: string): string {
  return `VA-${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
