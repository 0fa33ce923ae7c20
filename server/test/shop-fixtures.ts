import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { products, sellers, users } from '../src/db/schema.ts';
import { auth } from './factories.ts';

const unique = () => randomBytes(5).toString('hex');

export interface FastAccount {
  id: string;
  token: string;
  email: string;
  headers: { 'auth-token': string };
}

/**
 * A customer inserted straight into the database with a signed token: shopping tests need many
 * customers and never log them in, so they skip argon2 (registration is tested in accounts).
 */
export async function quickUser(
  app: App,
  over: Partial<typeof users.$inferInsert> = {},
): Promise<FastAccount> {
  const email = `buyer.${unique()}@example.in`;
  const [row] = await app.deps.db
    .insert(users)
    .values({
      fullName: 'Meera Iyer',
      email,
      passwordHash: 'not-a-login-account',
      mobile: '9876501234',
      address: '22 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      ...over,
    })
    .returning();
  const token = await app.deps.tokens.sign({ sub: row!.id, role: 'user' });
  return { id: row!.id, token, email: row!.email!, headers: auth(token) };
}

/**
 * Pickup addresses at real pincodes, for tests of the delivery promise: `quickSeller(app, PICKUPS.bengaluru)`.
 * A seller made without one has none (as one just registered), which other tests keep.
 */
export const PICKUPS = {
  bengaluru: pickupAt('12 Koramangala 5th Block', 'Bengaluru', 'Karnataka', '560034'),
  jaipur: pickupAt('21 Johari Bazaar', 'Jaipur', 'Rajasthan', '302001'),
  surat: pickupAt('9 Ring Road Textile Market', 'Surat', 'Gujarat', '395003'),
  delhi: pickupAt('4 Okhla Phase II', 'New Delhi', 'Delhi', '110020'),
  kolkata: pickupAt('3 Park Street', 'Kolkata', 'West Bengal', '700016'),
} as const;

export function pickupAt(
  line1: string,
  city: string,
  state: string,
  postalCode: string,
  phone = '9845012345',
) {
  return {
    pickupLine1: line1,
    pickupCity: city,
    pickupState: state,
    pickupPostalCode: postalCode,
    pickupPhone: phone,
  } satisfies Partial<typeof sellers.$inferInsert>;
}

export async function quickSeller(
  app: App,
  over: Partial<typeof sellers.$inferInsert> = {},
): Promise<FastAccount> {
  const email = `shop.${unique()}@example.in`;
  const [row] = await app.deps.db
    .insert(sellers)
    .values({
      fullName: 'Kiran Das',
      email,
      passwordHash: 'not-a-login-account',
      mobile: '9845012345',
      companyName: `Das Weaves ${unique()}`,
      companyAddress: '3 Park Street, Kolkata',
      ...over,
    })
    .returning();
  const token = await app.deps.tokens.sign({ sub: row!.id, role: 'seller' });
  return { id: row!.id, token, email: row!.email, headers: auth(token) };
}

export async function stockOf(db: DbOrTx, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How shopping tests call the API: as one account (or none), with an optional JSON body, on the
 * test's app or on another app instance given last. `app` is read at call time (set in beforeAll).
 */
export const callerOf =
  (app: () => App) =>
  (
    method: Method,
    url: string,
    who?: { headers: FastAccount['headers'] },
    payload?: object,
    on: App = app(),
  ) =>
    on.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
