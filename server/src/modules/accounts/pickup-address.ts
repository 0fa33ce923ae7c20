import type { PickupAddress, PickupAddressAnswer } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sellers } from './tables.ts';

/**
 * Where a seller ships from and how fast (issue 37): the pickup address (`PUT /api/seller/pickup-address`,
 * null until set), the handling time in working days and the daily cut-off hour (IST).
 */

const pickupColumns = {
  line1: sellers.pickupLine1,
  city: sellers.pickupCity,
  state: sellers.pickupState,
  postalCode: sellers.pickupPostalCode,
  phone: sellers.pickupPhone,
  dispatchDays: sellers.dispatchDays,
};

type PickupRow = { [K in keyof typeof pickupColumns]: K extends 'dispatchDays' ? number : string | null };

function toAnswer({ dispatchDays, ...a }: PickupRow): PickupAddressAnswer {
  const set = a.line1 && a.city && a.state && a.postalCode && a.phone;
  return {
    success: true,
    pickupAddress: set
      ? { line1: a.line1!, city: a.city!, state: a.state!, postalCode: a.postalCode!, phone: a.phone! }
      : null,
    dispatchDays,
  };
}

/** The seller's pickup address (null until one is set) and handling time; undefined when there is no such seller. */
export async function readPickupAddress(db: DbOrTx, sellerId: string) {
  const [row] = await db.select(pickupColumns).from(sellers).where(eq(sellers.id, sellerId));
  return row && toAnswer(row);
}

/**
 * Saves the seller's pickup address (already checked: the pincode is India Post's, in that state);
 * the answer as saved, or undefined when there is no such seller.
 */
export async function savePickupAddress(db: DbOrTx, sellerId: string, address: PickupAddress) {
  const [row] = await db
    .update(sellers)
    .set({
      pickupLine1: address.line1,
      pickupCity: address.city,
      pickupState: address.state,
      pickupPostalCode: address.postalCode,
      pickupPhone: address.phone,
      updatedAt: new Date(),
    })
    .where(eq(sellers.id, sellerId))
    .returning(pickupColumns);
  return row && toAnswer(row);
}

/** A seller's settings the seller centre edits. */
export interface SellerSettingsRow {
  lowStockThreshold: number;
  dispatchDays: number;
  cutoffHour: number;
}

const settingsColumns = {
  lowStockThreshold: sellers.lowStockThreshold,
  dispatchDays: sellers.dispatchDays,
  cutoffHour: sellers.cutoffHour,
};

/** The seller's low-stock threshold, handling time and cut-off hour; undefined when there is no such seller. */
export async function readSellerSettings(
  db: DbOrTx,
  sellerId: string,
): Promise<SellerSettingsRow | undefined> {
  const [row] = await db.select(settingsColumns).from(sellers).where(eq(sellers.id, sellerId));
  return row;
}

/** Saves the settings given (the others are kept); all of them as saved, or undefined when there is no such seller. */
export async function saveSellerSettingsRow(
  db: DbOrTx,
  sellerId: string,
  patch: Partial<SellerSettingsRow>,
): Promise<SellerSettingsRow | undefined> {
  const set: Partial<SellerSettingsRow> = {};
  if (patch.lowStockThreshold !== undefined) set.lowStockThreshold = patch.lowStockThreshold;
  if (patch.dispatchDays !== undefined) set.dispatchDays = patch.dispatchDays;
  if (patch.cutoffHour !== undefined) set.cutoffHour = patch.cutoffHour;
  const [row] = await db
    .update(sellers)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(sellers.id, sellerId))
    .returning(settingsColumns);
  return row;
}
