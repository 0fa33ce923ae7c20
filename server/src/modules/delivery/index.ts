/**
 * The delivery module (docs/decisions/024-delivery-promise.md): India's pincodes, the delivery
 * promise of a seller's shipment, and the admin's shipping settings. The rules (zones, dates,
 * charges) live in contracts/src/delivery.ts.
 */
export { findPlace, listed, pincodeElsewhere, pincodeProblem, unknownPincode } from './pincodes.ts';
export {
  type CourierAnswer,
  codOffered,
  NO_PICKUP,
  noCodHere,
  notServed,
  type Origin,
  promiseFor,
  promisesBySeller,
  type SellerOrigin,
  type ShipmentPromise,
} from './promise.ts';
export {
  readShippingSettings,
  saveShippingSettings,
  shippingSettingsAnswer,
  shippingSettingsOf,
  shippingSettingsSql,
} from './settings.ts';
