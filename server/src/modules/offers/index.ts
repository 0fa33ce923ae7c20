/**
 * The offers module (docs/decisions/023-offers.md): sale events and sale prices, coupons, the
 * coupon on each cart and the orders it was used on. The rules themselves live in
 * contracts/src/offers.ts, shared with the web.
 */
export {
  cartCouponColumns,
  clearCartCoupon,
  couponChecked,
  couponLockSql,
  couponOnCart,
  couponWriteSql,
  findCoupon,
  openCoupons,
  type ReadCoupon,
  type Redemption,
  readCartCoupon,
  redeemCoupon,
  releaseRedemptions,
  setCartCoupon,
} from './coupons.ts';
export { saleKeySql, salesChecked } from './sale-guard.ts';
