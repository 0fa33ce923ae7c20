/** Accounts: users, sellers, admins, login, the role guard. Other modules and workflows import only this file. */
export {
  accountGone,
  customerIdOf,
  isAdminCaller,
  type Principal,
  principalOf,
  requireCustomerToken,
  requireRole,
} from './guard.ts';
export { type Customer, lockCustomer } from './lock-customer.ts';
export { reinstateSeller, suspendSeller } from './moderation.ts';
export { toSellerProfile, toUserProfile } from './profiles.ts';
export { deleteUserRow, ensureAdmin, setDefaultAddress, upsertAdmin } from './service.ts';
