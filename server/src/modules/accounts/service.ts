import {
  type Locale,
  type sellerRegisterSchema,
  stateOfGstin,
  type userRegisterSchema,
  type userUpdateProfileSchema,
} from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { admins, sellers, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { addSignUpAddress, checkPincode } from './addresses.ts';

export const INVALID_CREDENTIALS = 'Invalid Credentials';
export const USER_SUSPENDED = 'This account is suspended. Please contact the marketplace';
const DUPLICATE_EMAIL = 'An account with this email already exists. Please log in instead';

/** Signs a shopper up; `locale` is the language they were using (the web's `lang` cookie). */
export async function registerUser(
  db: DbOrTx,
  input: z.output<typeof userRegisterSchema>,
  locale: Locale = 'en',
) {
  // The address is optional at sign-up; a PIN code sent must be real and in the state sent.
  if (input.postalCode !== undefined) checkPincode(input.postalCode, input.state);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing.length > 0) throw conflict(DUPLICATE_EMAIL);
  const { password, ...fields } = input;
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...fields, passwordHash, locale })
        .returning();
      const { address, city, state, postalCode } = fields;
      if (address && city && state && postalCode) {
        await addSignUpAddress(tx, row!, { address, city, state, postalCode });
      }
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}

/** Signs a seller up; `locale` is the language they were using (the web's `lang` cookie). */
export async function registerSeller(
  db: DbOrTx,
  input: z.output<typeof sellerRegisterSchema>,
  locale: Locale = 'en',
) {
  const existing = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.email, input.email));
  if (existing.length > 0) throw conflict(DUPLICATE_EMAIL);
  const { password, gstin, legalName, state, ...fields } = input;
  try {
    const [row] = await db
      .insert(sellers)
      .values({
        ...fields,
        ...sellerGstColumns({ gstin, legalName, state }, fields.companyName),
        passwordHash: await hashPassword(password),
        locale,
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}

/**
 * A seller's GST columns from what they gave: the legal name defaults to the company's and the
 * state to the GSTIN's; without a GSTIN, any state given is kept (it still decides CGST + SGST).
 */
export function sellerGstColumns(
  given: { gstin?: string; legalName?: string; state?: string },
  companyName: string,
) {
  const gstin = given.gstin ?? null;
  return {
    gstin,
    legalName: given.legalName ?? (gstin ? companyName : ''),
    state: given.state ?? (gstin ? (stateOfGstin(gstin)?.name ?? '') : ''),
  };
}

type AccountTable = typeof users | typeof sellers | typeof admins;

/** Checks e-mail and password; the same 401 whichever of the two is wrong. */
async function authenticate<T extends AccountTable>(db: DbOrTx, table: T, email: string, password: string) {
  const [row] = await db
    .select()
    .from(table as AccountTable)
    .where(eq(table.email, email))
    .limit(1);
  if (!row) {
    await verifyAgainstDummy(password);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  if (row.passwordHash === null) {
    // An account made with a one-time code has no password: the same answer, after the same work.
    await verifyAgainstDummy(password);
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  return row as T['$inferSelect'];
}

export async function loginUser(db: DbOrTx, email: string, password: string) {
  const user = await authenticate(db, users, email, password);
  if (user.status === 'suspended') {
    throw new AppError('FORBIDDEN', USER_SUSPENDED);
  }
  return user;
}

export async function loginSeller(db: DbOrTx, email: string, password: string) {
  const seller = await authenticate(db, sellers, email, password);
  if (seller.status === 'suspended') {
    throw new AppError('FORBIDDEN', 'This seller account is suspended. Please contact the marketplace');
  }
  return seller;
}

export const loginAdmin = (db: DbOrTx, email: string, password: string) =>
  authenticate(db, admins, email, password);

export async function getUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('User not found');
  return row;
}

export async function getSeller(db: DbOrTx, id: string) {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id));
  if (!row) throw notFound('Seller not found');
  return row;
}

/** Remembers a shopper's or a seller's language for the e-mails the shop sends them. */
export async function setAccountLocale(
  db: DbOrTx,
  kind: 'user' | 'seller',
  id: string,
  locale: Locale,
): Promise<Locale> {
  const table = kind === 'user' ? users : sellers;
  const [row] = await db
    .update(table)
    .set({ locale, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning({ locale: table.locale });
  if (!row) throw notFound(kind === 'user' ? 'User not found' : 'Seller not found');
  return row.locale;
}

export async function updateUserProfile(
  db: DbOrTx,
  id: string,
  changes: z.output<typeof userUpdateProfileSchema>,
) {
  // The original client's form sends no PIN code (SPEC §7): only one sent is checked, against the
  // state sent with it or else the profile's.
  if (changes.postalCode !== undefined) {
    const state = changes.state ?? (await getUser(db, id)).state;
    checkPincode(changes.postalCode, state);
  }
  if (changes.mobile !== undefined) await keepCodeSignIn(db, id, changes.mobile);
  if (changes.email) {
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, changes.email));
    if (other && other.id !== id) throw conflict(DUPLICATE_EMAIL);
  }
  try {
    const [row] = await db
      .update(users)
      .set({ ...changes, ...keepVerifiedIfSame(changes.mobile), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound('User not found');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}

export const MOBILE_SIGNS_IN =
  'You sign in with this mobile number, so it cannot be changed here. Verify the new number with a code instead';

/**
 * An account with no password signs in only by a code to its verified mobile (issue 39): typing
 * another number would unverify it and lock the shopper out (and the next code to the old number
 * would make a new, empty account). The new number is proved with a code (`/api/user/mobile/…`).
 */
async function keepCodeSignIn(db: DbOrTx, id: string, mobile: string) {
  const user = await getUser(db, id);
  if (user.passwordHash === null && user.mobileVerifiedAt !== null && user.mobile !== mobile)
    throw conflict(MOBILE_SIGNS_IN);
}

/**
 * A mobile changed by hand is no longer verified (it signs in only once proved by a code); the same
 * number typed again stays verified.
 */
const keepVerifiedIfSame = (mobile: string | undefined) =>
  mobile === undefined
    ? {}
    : {
        mobileVerifiedAt: sql`case when ${users.mobile} = ${mobile} then ${users.mobileVerifiedAt} end`,
      };

/** Sets the profile's default shipping address (checkout calls this when an address is saved). */
export async function setDefaultAddress(
  db: DbOrTx,
  id: string,
  address: { address: string; city: string; state: string; postalCode: string },
) {
  await db
    .update(users)
    .set({ ...address, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Deletes the user's row (their cart goes by cascade) inside the caller's transaction. */
export async function deleteUserRow(tx: DbOrTx, id: string) {
  const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (deleted.length === 0) throw notFound('User not found');
}

/** Creates an admin, or resets the password of an existing one with that e-mail. */
export async function upsertAdmin(db: DbOrTx, email: string, password: string, fullName = 'Administrator') {
  const passwordHash = await hashPassword(password);
  const normalised = email.trim().toLowerCase();
  const [row] = await db
    .insert(admins)
    .values({ email: normalised, passwordHash, fullName })
    .onConflictDoUpdate({ target: admins.email, set: { passwordHash } })
    .returning();
  return row!;
}

/** Creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD on first start; never touches an existing one. */
export async function ensureAdmin(db: DbOrTx, email: string, password: string) {
  const normalised = email.trim().toLowerCase();
  const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, normalised));
  if (existing) return false;
  await upsertAdmin(db, normalised, password);
  return true;
}
