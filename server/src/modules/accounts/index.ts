/** Accounts: users, sellers, admins, login, the role guard. Other modules and workflows import only this file. */
export {
  accountGone,
  type CustomerSession,
  customerOf,
  isAdminCaller,
  isShopperCaller,
  type Principal,
  principalOf,
  requireCustomerToken,
  requireRole,
  requireSignedIn,
  sessionInvalid,
} from './guard.ts';
export {
  accountChecked,
  accountLockSql,
  type Customer,
  lockCustomer,
  sessionRefusal,
} from './lock-customer.ts';
export { reinstateSeller, setUserStatus, suspendSeller } from './moderation.ts';
export { issueOtp, type OtpTarget, verifyOtp } from './otp-codes.ts';
export {
  readPickupAddress,
  readSellerSettings,
  type SellerSettingsRow,
  savePickupAddress,
  saveSellerSettingsRow,
} from './pickup-address.ts';
export { sellerCanPublish, toSellerProfile, toUserProfile } from './profiles.ts';
export {
  claimLowStockMail,
  lowStockNotMailedSince,
  saveSellerGstColumns,
} from './seller-settings.ts';
export { deleteUserRow, ensureAdmin, sellerGstColumns, setDefaultAddress, upsertAdmin } from './service.ts';
