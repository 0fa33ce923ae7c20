import type { PaymentProviderName, ShippingAddressInput } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { checkouts, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { setDefaultAddress } from '../accounts/index.ts';
import { pincodeProblem } from '../delivery/index.ts';

export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The checkout in progress: method chosen (or null) and the address to ship to. */
export interface CheckoutState extends ShippingAddress {
  /** `stripe` stands for any online payment (DESIGN §3); `provider` says which one was chosen. */
  paymentMethod: 'stripe' | 'cod' | null;
  provider: PaymentProviderName | null;
}

/**
 * The columns the address choice reads: the checkout's own (null when there is no checkout row) and
 * the profile's default. Flat, not nested: Drizzle turns a nested object of a left-joined table
 * into null when some of its fields are.
 */
export const checkoutColumns = {
  paymentMethod: checkouts.paymentMethod,
  provider: checkouts.provider,
  savedAddress: checkouts.address,
  savedCity: checkouts.city,
  savedState: checkouts.state,
  savedPostalCode: checkouts.postalCode,
  profileAddress: users.address,
  profileCity: users.city,
  profileState: users.state,
  profilePostalCode: users.postalCode,
};

type CheckoutColumns = {
  [K in keyof typeof checkoutColumns]: (typeof checkoutColumns)[K]['_']['data'] | null;
};

/**
 * The address an order ships to: the one saved on this checkout when it is whole, else the profile's
 * default. The one place that choice is made, for the cart's summary, card checkouts and COD.
 */
export function chooseCheckout(row: CheckoutColumns): CheckoutState {
  const saved =
    row.savedAddress != null &&
    row.savedCity != null &&
    row.savedState != null &&
    row.savedPostalCode != null;
  return {
    paymentMethod: row.paymentMethod ?? null,
    provider: row.provider ?? null,
    address: (saved ? row.savedAddress : row.profileAddress) ?? '',
    city: (saved ? row.savedCity : row.profileCity) ?? '',
    state: (saved ? row.savedState : row.profileState) ?? '',
    postalCode: (saved ? row.savedPostalCode : row.profilePostalCode) ?? '',
  };
}

/** The current checkout; the address falls back to the profile's default when none was saved. */
export async function readCheckout(db: DbOrTx, userId: string): Promise<CheckoutState> {
  const [row] = await db
    .select(checkoutColumns)
    .from(users)
    .leftJoin(checkouts, eq(checkouts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return { paymentMethod: null, provider: null, address: '', city: '', state: '', postalCode: '' };
  return chooseCheckout(row);
}

/** Sign-up no longer asks for an address, so an order may have nowhere to go until one is chosen. */
export const hasShippingAddress = (a: ShippingAddress) =>
  a.address !== '' && a.city !== '' && a.state !== '' && a.postalCode !== '';

/** COD, or an online payment through the provider chosen (`Stripe` → stripe, `Razorpay` → razorpay). */
export async function setPaymentMethod(
  db: DbOrTx,
  userId: string,
  method: 'stripe' | 'cod',
  provider: PaymentProviderName | null = null,
) {
  const set = { paymentMethod: method, provider: method === 'cod' ? null : provider };
  await db
    .insert(checkouts)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: checkouts.userId, set: { ...set, updatedAt: new Date() } });
}

/**
 * Saves the address on the current checkout only, as the original server did; with `saveToProfile`
 * it also becomes the profile's address, in the same transaction. A shopper sending a gift
 * elsewhere keeps the profile's own address unless they ask.
 */
export async function saveShippingAddress(
  db: Db,
  userId: string,
  address: ShippingAddressInput & { postalCode: string },
  { saveToProfile = false }: { saveToProfile?: boolean } = {},
) {
  // A PIN code India Post does not know, or one in another state, is refused before anything is saved.
  const problem = pincodeProblem(address.postalCode, address.state);
  if (problem) throw badRequest(problem, 'postalCode');
  const fields = {
    address: address.address,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(checkouts)
      .values({ userId, ...fields })
      .onConflictDoUpdate({ target: checkouts.userId, set: { ...fields, updatedAt: new Date() } });
    if (saveToProfile) await setDefaultAddress(tx, userId, fields);
  });
}

/** An order was placed: the next checkout starts afresh (the address stays the profile default). */
export async function clearCheckout(tx: DbOrTx, userId: string) {
  await tx.delete(checkouts).where(eq(checkouts.userId, userId));
}
