/** Orders and their items: creation, lists, fulfilment, notifications. Other code imports only this file. */
export {
  createOrder,
  type DraftLine,
  notEnoughStock,
  type OrderItemRow,
  type OrderRow,
} from './create-order.ts';
export { detachCustomerFromOrders } from './customer-data.ts';
export { settleCodOrder } from './fulfilment.ts';
export { ITEM_NOT_FOUND, type ItemOwner, ownedBy, refuseTransition } from './item-owner.ts';
export { mailOrderPlaced, notifyItemCancelled, notifyOrderPlaced } from './notify.ts';
export {
  buyerPaysPaise,
  codToCollectPaise,
  getCustomerOrder,
  itemPaymentStatus,
  type LineSource,
  type OrderHeader,
  toApiOrder,
  toOrderLine,
} from './order-lines.ts';
export { hasPurchased, purchasedCondition } from './purchases.ts';
export { findSessionOrder } from './session-order.ts';
