import type {
  PickupAddress,
  PickupAddressAnswer,
  SellerSettingsAnswer,
  SellerSettingsInput,
} from '@vastra/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  readPickupAddress,
  readSellerSettings,
  type SellerSettingsRow,
  savePickupAddress,
  saveSellerSettingsRow,
} from '../accounts/index.ts';
import { pincodeProblem } from '../delivery/index.ts';

/** The seller's settings (issue 23's low-stock threshold, issue 37's handling time and cut-off hour). */

const settingsAnswer = (row: SellerSettingsRow | undefined): SellerSettingsAnswer => {
  if (!row) throw notFound('Seller not found');
  return { success: true, ...row };
};

export const sellerSettings = async (db: DbOrTx, sellerId: string) =>
  settingsAnswer(await readSellerSettings(db, sellerId));

export const saveSellerSettings = async (db: DbOrTx, sellerId: string, input: SellerSettingsInput) =>
  settingsAnswer(await saveSellerSettingsRow(db, sellerId, input));

const pickupAnswer = (answer: PickupAddressAnswer | undefined): PickupAddressAnswer => {
  if (!answer) throw notFound('Seller not found');
  return answer;
};

export const pickupAddress = async (db: DbOrTx, sellerId: string) =>
  pickupAnswer(await readPickupAddress(db, sellerId));

/** Saves where the seller ships from once its PIN code is India Post's and in the state it names. */
export async function savePickup(db: DbOrTx, sellerId: string, address: PickupAddress) {
  const problem = pincodeProblem(address.postalCode, address.state);
  if (problem) throw badRequest(problem, 'postalCode');
  return pickupAnswer(await savePickupAddress(db, sellerId, address));
}
