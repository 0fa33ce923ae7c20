import type { GstMode, SellerProfile, UserProfile } from '@vastra/contracts';
import type { sellers, users } from '../../db/schema.ts';

/** The public face of a user row: every field the client shows, never the password hash. */
export function toUserProfile(row: typeof users.$inferSelect): UserProfile {
  return {
    _id: row.id,
    fullName: row.fullName,
    // '' for a shopper who signed up by mobile and gave no e-mail (the original client reads a string).
    email: row.email ?? '',
    mobile: row.mobile,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    date: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    mobileVerified: row.mobileVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
  };
}

/** May this seller's products be shown? In `india` mode only once a GSTIN is registered (DESIGN §11). */
export const sellerCanPublish = (gstin: string | null, gstMode: GstMode) =>
  gstMode !== 'india' || gstin !== null;

export function toSellerProfile(row: typeof sellers.$inferSelect, gstMode: GstMode): SellerProfile {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    mobile: row.mobile,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    status: row.status,
    date: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    gstin: row.gstin,
    legalName: row.legalName,
    state: row.state,
    canPublish: sellerCanPublish(row.gstin, gstMode),
  };
}
