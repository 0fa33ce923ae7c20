import { type AddressChanges, findIndianState, type NewAddress, type SavedAddress } from '@vastra/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addresses, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pincodeProblem } from '../delivery/index.ts';
import { lockCustomer } from './lock-customer.ts';

/**
 * The address book. Rule: when a shopper has any address, exactly one is the default. Every change
 * runs in one transaction that first locks the shopper's row, so two tabs adding a first address,
 * or both choosing a default, take turns; the partial unique index `addresses_one_default_uq`
 * backs the rule in the database.
 */

export const ADDRESS_NOT_FOUND = 'Address not found';

type AddressRow = typeof addresses.$inferSelect;

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    _id: row.id,
    fullName: row.fullName,
    mobile: row.mobile,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    isDefault: row.isDefault,
    date: row.createdAt.toISOString(),
  };
}

/**
 * The profile's address (users.address…, what checkout falls back to when none was chosen on the
 * checkout, SPEC §7 `get-user-profile`) follows the book's default, in the same transaction: a
 * shopper's default is where an order goes unless they pick another.
 */
async function followDefault(tx: DbOrTx, userId: string) {
  const [current] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  if (!current) return;
  await tx
    .update(users)
    .set({
      address: current.address,
      city: current.city,
      state: current.state,
      postalCode: current.postalCode,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * An address's PIN code must be one India Post knows, in the state the address names (a state that
 * is not one of the 36, the original client's free text, is not compared): else 400 on `postalCode`.
 * Called before anything is written.
 */
export function checkPincode(pincode: string, state: string | undefined) {
  const problem = pincodeProblem(pincode, state);
  if (problem) throw badRequest(problem, 'postalCode');
}

/** The default first, then newest first. */
export async function listAddresses(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

/** Clears the current default so another entry can take its place (the unique index allows one). */
async function clearDefault(tx: DbOrTx, userId: string, except?: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        except ? ne(addresses.id, except) : undefined,
      ),
    );
}

/** Adds an entry; it is the default when asked, or when it is the shopper's first. */
export async function addAddress(db: Db, userId: string, input: NewAddress) {
  checkPincode(input.postalCode, input.state);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const { isDefault: asked, ...fields } = input;
    const [current] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    const isDefault = asked === true || !current;
    if (isDefault && current) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, userId, isDefault })
      .returning();
    if (isDefault) await followDefault(tx, userId);
    return row!;
  });
}

async function ownAddress(tx: DbOrTx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  // Another shopper's entry is answered exactly like a missing one.
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return row;
}

/**
 * Changes an entry. `isDefault: true` makes it the default (the old default stops being one);
 * `isDefault: false` on the default is ignored, since one entry must stay the default.
 */
export async function updateAddress(db: Db, userId: string, id: string, changes: AddressChanges) {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const before = await ownAddress(tx, userId, id);
    const { isDefault: asked, ...fields } = changes;
    // The entry as it would be: a new state with the old PIN code is checked as much as a new PIN code.
    if (fields.postalCode !== undefined || fields.state !== undefined) {
      checkPincode(fields.postalCode ?? before.postalCode, fields.state ?? before.state);
    }
    const makeDefault = asked === true && !before.isDefault;
    if (makeDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ ...fields, ...(makeDefault ? { isDefault: true } : {}), updatedAt: new Date() })
      .where(eq(addresses.id, id))
      .returning();
    if (row!.isDefault) await followDefault(tx, userId);
    return row!;
  });
}

/** Deletes an entry; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, userId: string, id: string) {
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const gone = await ownAddress(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!gone.isDefault) return;
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (newest) {
      await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(addresses.id, newest.id));
      await followDefault(tx, userId);
    }
  });
}

/**
 * The address a shopper gave at sign-up (the original client sends one) starts their address book
 * as its default, as the migration did for earlier accounts. A state the list knows is stored as
 * the list spells it; another is kept as typed, as the legacy profile keeps it.
 */
export async function addSignUpAddress(
  tx: DbOrTx,
  user: { id: string; fullName: string; mobile: string },
  place: { address: string; city: string; state: string; postalCode: string },
) {
  await tx.insert(addresses).values({
    userId: user.id,
    fullName: user.fullName,
    mobile: user.mobile,
    address: place.address,
    city: place.city,
    state: findIndianState(place.state)?.name ?? place.state,
    postalCode: place.postalCode,
    isDefault: true,
  });
}
