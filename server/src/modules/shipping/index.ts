/** Shipments, couriers, tracking, failed deliveries and returns to origin (issue 38). Other code imports only this file. */

export {
  type CodHold,
  type CodRisk,
  codHoldFrom,
  codHoldOf,
  codRiskOf,
  codRiskSql,
  liftCodHold,
  RTO_RATES_LIMIT,
  type RtoRatesBy,
  rtoRates,
} from './cod-risk.ts';
export {
  type Booking,
  type BookingRequest,
  type CourierApi,
  CourierError,
  type CourierQuote,
  type NdrInstruction,
  type PickupPlace,
  type TrackingScan,
} from './provider.ts';
export {
  addShipmentEvent,
  insertShipment,
  itemsOfShipment,
  lockShipment,
  markRtoReceived,
  type NewShipment,
  ndrQueueRows,
  SHIPMENT_NOT_FOUND,
  type ShipmentOwner,
  type ShipmentRow,
  shipmentAnswers,
  shipmentIdByAwb,
  updateShipment,
} from './shipments.ts';
export { createShiprocketApi, scanOfWebhook } from './shiprocket.ts';
