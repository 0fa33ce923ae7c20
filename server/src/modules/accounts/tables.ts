import {
  ACCOUNT_KINDS,
  ACCOUNT_TOKEN_PURPOSES,
  OTP_PURPOSES,
  SELLER_STATUSES,
  USER_STATUSES,
} from '@vastra/contracts/constants';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * The accounts module's tables (ARCHITECTURE.md: table owners): only this module writes them; other
 * modules and workflows read them and call its index.ts to change them. db/schema.ts re-exports
 * them for migrations.
 */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Null for a shopper who signed up with their mobile number and a one-time code (issue 39). */
    email: text('email').unique(),
    /** Null for a shopper who signed up with a one-time code: they sign in by SMS until they set one. */
    passwordHash: text('password_hash'),
    mobile: text('mobile').notNull(),
    /**
     * Set when the shopper proved the mobile is theirs with a one-time code: only then can they sign in
     * with it, and no other account may verify the same number.
     */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** The profile's address; empty until the shopper gives one (sign-up asks only for the essentials). */
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** Set when the e-mail address was confirmed through its link (nobody is blocked before). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Login tokens issued before this moment stop working (password reset or change). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** `suspended` by an admin: cannot log in or order (the orders stay). */
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** The shopper's language (the web's English/हिन्दी switch): the e-mails the shop sends them. */
    locale: text('locale', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_verified_mobile_uq').on(t.mobile).where(sql`${t.mobileVerifiedAt} is not null`)],
);

export const sellers = pgTable('sellers', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  mobile: text('mobile').notNull(),
  companyName: text('company_name').notNull(),
  companyAddress: text('company_address').notNull(),
  /**
   * GST registration (DESIGN §11): the GSTIN (null until given), the registered (legal) name and
   * the registered state, whose GST code decides CGST + SGST or IGST on the seller's invoices.
   */
  gstin: text('gstin'),
  legalName: text('legal_name').notNull().default(''),
  state: text('state').notNull().default(''),
  /** `active` | `suspended`: a suspended seller cannot log in and their products leave the shop. */
  status: text('status', { enum: SELLER_STATUSES }).notNull().default('active'),
  /** Set when the e-mail address was confirmed; a seller must be verified before a payout. */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Login tokens issued before this moment stop working (password reset or change). */
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  /** The seller's language (the web's English/हिन्दी switch): the e-mails the shop sends them. */
  locale: text('locale', { enum: ['en', 'hi'] })
    .notNull()
    .default('en'),
  /** Seller centre: a variant with fewer units than this is low on stock (the list and the daily e-mail). */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  /** When the last daily low-stock e-mail was sent, so a restart or a second process sends no second one. */
  lowStockMailedAt: timestamp('low_stock_mailed_at', { withTimezone: true }),
  /**
   * Where the seller's shipments are collected (`PUT /api/seller/pickup-address`): null until set,
   * and then all five are. The pincode decides the delivery promise's zone.
   */
  pickupLine1: text('pickup_line1'),
  pickupCity: text('pickup_city'),
  pickupState: text('pickup_state'),
  pickupPostalCode: text('pickup_postal_code'),
  pickupPhone: text('pickup_phone'),
  /** Handling time: working days from an order to its dispatch. */
  dispatchDays: integer('dispatch_days').notNull().default(2),
  /** Orders after this hour (IST) start their handling time the next day. */
  cutoffHour: integer('cutoff_hour').notNull().default(14),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Single-use links sent by e-mail (password reset, e-mail verification). Only a SHA-256 hash of
 * the random token is stored, so a leaked table lets nobody in; `used_at` makes a link work once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKind: text('account_kind', { enum: ACCOUNT_KINDS }).notNull(),
    accountId: uuid('account_id').notNull(),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountKind, t.accountId, t.purpose, t.createdAt.desc())],
);

/** A shopper's saved shipping addresses; at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    mobile: text('mobile').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/**
 * One-time codes sent by SMS (issue 39): a SHA-256 hash of the 6 digits (salted with the row id), never
 * the code. A code is for one mobile and purpose (and, for a COD confirmation, one order: `subject`);
 * it dies after its expiry, its wrong tries or its one use. Rows stay for the hourly cap's count.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    /** The account adding the mobile, or the order being confirmed; '' for a sign-in. */
    subject: text('subject').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt.desc())],
);
