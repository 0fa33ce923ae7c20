/** Orders and their items: creation, lists, fulfilment, notifications. Other code imports only this file. */

export {
  type ChargeKind,
  type ChargeRow,
  chargePaidPaise,
  codFeesDuePaise,
  markChargesRefunded,
  orderChargesOf,
} from './charges.ts';
export {
  COD_NOT_CONFIRMED,
  type CodConfirmation,
  cancelUnconfirmedItems,
  codConfirmContact,
  confirmCodOrder,
} from './cod-confirmation.ts';
export {
  createOrder,
  type DraftLine,
  draftOrder,
  notEnoughStock,
  type OrderItemRow,
  type OrderRow,
  orderWriteSql,
  orderWriteValues,
  overCodLimit,
  refuseShort,
  shortLine,
  TOO_LARGE,
} from './create-order.ts';
export { detachCustomerFromOrders } from './customer-data.ts';
export {
  deliverItemsIn,
  markItemsRto,
  notifyShippedItems,
  type OrderDeps,
  type Shipment,
  settleCodOrder,
  shipItemsIn,
} from './fulfilment.ts';
export { linkItemToCreditNote } from './invoice-links.ts';
export { ITEM_NOT_FOUND, type ItemOwner, ownedBy, refuseTransition } from './item-owner.ts';
export { mailOrderPlaced, notifyItemCancelled, notifyOrderPlaced } from './notify.ts';
export {
  buyerPaysPaise,
  codToCollectPaise,
  getCustomerOrder,
  itemPaymentStatus,
  type LineSource,
  type OrderCharge,
  type OrderHeader,
  toApiOrder,
  toOrderLine,
} from './order-lines.ts';
export {
  addItemRefund,
  cancelPendingItem,
  cancelUnpaidItems,
  failUnpaidOrders,
  markOrderPaid,
  markOrderRefunded,
  recordItemRefund,
  recordLatePaymentId,
} from './payment-status.ts';
export { hasPurchased, purchasedCondition } from './purchases.ts';
export { addExchangeItem, countUnitsBack } from './returned-items.ts';
export {
  findSessionOrder,
  hasUnpaidCartOrderSql,
  recordSessionId,
  unpaidCartOrder,
} from './session-order.ts';
