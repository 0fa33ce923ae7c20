/** Shipping couriers (issue 23), without zod: the web's ship dialog reads them from the constants entry. */

/** Couriers Indian sellers ship with most; "Self-delivery" needs no AWB number. Any other name may be typed. */
export const COURIERS = [
  'Delhivery',
  'Blue Dart',
  'DTDC',
  'India Post',
  'Ecom Express',
  'Xpressbees',
  'Shadowfax',
  'Ekart',
  'Shiprocket',
] as const;

/** The courier name of a seller delivering themselves: needs no AWB number. */
export const SELF_DELIVERY = 'Self-delivery';
export const isSelfDelivery = (courier: string | undefined | null) =>
  !!courier && courier.trim().toLowerCase() === SELF_DELIVERY.toLowerCase();
