import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoGstin } from '@vastra/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { upsertAdmin } from '../../modules/accounts/index.ts';
import type { Db } from '../client.ts';
import { admins, sellers, users } from '../schema.ts';

/** Demo logins a newcomer can use at once; these are sample data for a local shop, not secrets. */
export const DEMO_CUSTOMER = {
  email: 'customer@vastra.demo',
  password: 'customer123',
  fullName: 'Priya Sharma',
};
export const DEMO_SELLERS = [
  {
    email: 'seller@vastra.demo',
    password: 'seller123',
    fullName: 'Arjun Mehta',
    companyName: 'Mehta Handlooms',
    companyAddress: '21 Johari Bazaar, Jaipur, Rajasthan 302003',
    mobile: '9829012345',
    // Demo GST registrations: valid in form and check digit, not real businesses.
    gstin: demoGstin('08', 1),
    legalName: 'Mehta Handlooms Private Limited',
    state: 'Rajasthan',
    pickup: { line1: '21 Johari Bazaar', city: 'Jaipur', postalCode: '302003', phone: '9829012345' },
  },
  {
    email: 'seller2@vastra.demo',
    password: 'seller123',
    fullName: 'Lakshmi Iyer',
    companyName: 'Kanchi Weaves',
    companyAddress: '5 Gandhi Road, Kanchipuram, Tamil Nadu 631501',
    mobile: '9443012345',
    gstin: demoGstin('33', 2),
    legalName: 'Kanchi Weaves LLP',
    state: 'Tamil Nadu',
    pickup: { line1: '5 Gandhi Road', city: 'Kanchipuram', postalCode: '631501', phone: '9443012345' },
  },
  {
    email: 'seller3@vastra.demo',
    password: 'seller123',
    fullName: 'Imran Qureshi',
    companyName: 'Urban Thread Co.',
    companyAddress: '88 Park Street, Kolkata, West Bengal 700016',
    mobile: '9830012345',
    gstin: demoGstin('19', 3),
    legalName: 'Urban Thread Company',
    state: 'West Bengal',
    pickup: { line1: '88 Park Street', city: 'Kolkata', postalCode: '700016', phone: '9830012345' },
  },
] as const;

export interface DemoLogins {
  customer: { email: string; password: string };
  seller: { email: string; password: string };
  admin: { email: string; password: string } | undefined;
}

/**
 * The demo admin's password is generated on first start and kept in DATA_DIR (never committed);
 * ADMIN_EMAIL/ADMIN_PASSWORD or `npm run admin:create` make real admins instead.
 */
function demoAdminPassword(dataDir: string): string {
  if (dataDir === ':memory:') return randomBytes(9).toString('base64url');
  const file = path.join(dataDir, 'demo-admin-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(9).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Where a demo seller ships from: its shop's own street, a real pincode in its state. */
const pickupColumns = (s: (typeof DEMO_SELLERS)[number]) => ({
  pickupLine1: s.pickup.line1,
  pickupCity: s.pickup.city,
  pickupState: s.state,
  pickupPostalCode: s.pickup.postalCode,
  pickupPhone: s.pickup.phone,
});

/** Creates the demo customer, sellers and (when no admin exists yet) a demo admin. Idempotent. */
export async function seedDemoAccounts(db: Db, dataDir: string): Promise<{ sellerIds: string[] }> {
  const sellerIds: string[] = [];
  for (const s of DEMO_SELLERS) {
    const [existing] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.email, s.email));
    if (existing) {
      // A shop seeded before GST registration came gets the demo registration once.
      await db
        .update(sellers)
        .set({ gstin: s.gstin, legalName: s.legalName, state: s.state })
        .where(and(eq(sellers.id, existing.id), isNull(sellers.gstin)));
      // …and one seeded before payouts needed a verified seller, its demo sellers verified.
      await db
        .update(sellers)
        .set({ emailVerifiedAt: new Date() })
        .where(and(eq(sellers.id, existing.id), isNull(sellers.emailVerifiedAt)));
      // …and one seeded before pickup addresses came, where its demo seller ships from.
      await db
        .update(sellers)
        .set(pickupColumns(s))
        .where(and(eq(sellers.id, existing.id), isNull(sellers.pickupPostalCode)));
      sellerIds.push(existing.id);
      continue;
    }
    const { password, pickup: _, ...fields } = s;
    // The demo sellers are verified (their addresses cannot receive mail), so the admin can pay them out.
    const [row] = await db
      .insert(sellers)
      .values({
        ...fields,
        ...pickupColumns(s),
        passwordHash: await hashPassword(password),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: sellers.id });
    sellerIds.push(row!.id);
  }
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_CUSTOMER.email));
  if (!customer) {
    await db.insert(users).values({
      ...DEMO_CUSTOMER,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      mobile: '9876501234',
      address: '402, Lotus Apartments, Baner Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411045',
    });
  }
  const anyAdmin = await db.select({ id: admins.id }).from(admins).limit(1);
  if (anyAdmin.length === 0)
    await upsertAdmin(db, 'admin@vastra.demo', demoAdminPassword(dataDir), 'Demo Admin');
  return { sellerIds };
}

/** The demo logins to print at start-up (the admin only while it is the demo one). */
export async function demoLogins(db: Db, dataDir: string): Promise<DemoLogins> {
  const [admin] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, 'admin@vastra.demo'));
  return {
    customer: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    seller: { email: DEMO_SELLERS[0].email, password: DEMO_SELLERS[0].password },
    admin: admin ? { email: 'admin@vastra.demo', password: demoAdminPassword(dataDir) } : undefined,
  };
}

/** Shoppers whose reviews give the demo catalogue real ratings; they are not advertised logins. */
const DEMO_REVIEWERS = [
  { fullName: 'Rohan Gupta', city: 'Delhi', state: 'Delhi', postalCode: '110017' },
  { fullName: 'Ananya Reddy', city: 'Hyderabad', state: 'Telangana', postalCode: '500034' },
  { fullName: 'Vikram Singh', city: 'Lucknow', state: 'Uttar Pradesh', postalCode: '226001' },
  { fullName: 'Meera Nair', city: 'Kochi', state: 'Kerala', postalCode: '682016' },
  { fullName: 'Kabir Khan', city: 'Bhopal', state: 'Madhya Pradesh', postalCode: '462001' },
  { fullName: 'Sneha Patil', city: 'Nagpur', state: 'Maharashtra', postalCode: '440010' },
];

/** The demo customer plus the demo reviewers (created when missing); ids and names for reviews. */
export async function seedDemoReviewers(db: Db): Promise<Array<{ id: string; fullName: string }>> {
  // One hash of a random password for all of them: nobody is meant to log in as a reviewer.
  let passwordHash: string | undefined;
  const result: Array<{ id: string; fullName: string }> = [];
  for (const [i, r] of DEMO_REVIEWERS.entries()) {
    const email = `reviewer${i + 1}@vastra.demo`;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      result.push({ id: existing.id, fullName: r.fullName });
      continue;
    }
    passwordHash ??= await hashPassword(randomBytes(18).toString('base64url'));
    const [row] = await db
      .insert(users)
      .values({
        ...r,
        email,
        passwordHash,
        mobile: `98${String(10_000_000 + i * 1_234_567).slice(0, 8)}`,
        address: `${12 + i} Station Road`,
      })
      .returning({ id: users.id });
    result.push({ id: row!.id, fullName: r.fullName });
  }
  const [customer] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(eq(users.email, DEMO_CUSTOMER.email));
  if (customer) result.push(customer);
  return result;
}
