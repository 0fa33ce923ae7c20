import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { retryOnStalePlan } from '../../db/named-statement.ts';
import { admins, sellers, users } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Role } from '../../lib/tokens.ts';
import { sessionRefusal } from './lock-customer.ts';

/** Who is calling, once the token has been checked against the database. */
export interface Principal {
  id: string;
  role: Role;
  fullName: string;
  /** Null for a shopper who signed up with a mobile number and has not given an e-mail. */
  email: string | null;
}

/** A verified customer token whose account the route's own SQL statement checks. */
export interface CustomerSession {
  id: string;
  /** When the token was issued (ms): the statement refuses it if the password changed since. */
  issuedAtMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** A customer whose token verified but whose row the route's own statement checks (requireCustomerToken). */
    customer?: CustomerSession;
  }
}

export const MUST_LOGIN = 'You Must Login First';
export const SELLER_ACCOUNT = 'You are in a seller account';

/** Why a token of another role is refused; a seller gets the old client's own warning (SPEC §8). */
function wrongRole(required: Role, actual: Role): string {
  if (required === 'user') return actual === 'seller' ? SELLER_ACCOUNT : 'This needs a customer account';
  return required === 'seller' ? 'This needs a seller account' : 'This needs an admin account';
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers['auth-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token.trim();
  const bearer = request.headers.authorization;
  return bearer?.startsWith('Bearer ') ? bearer.slice(7).trim() : undefined;
}

async function loadPrincipal(request: FastifyRequest): Promise<Principal | undefined> {
  const raw = readToken(request);
  if (!raw) return undefined;
  return principalFromClaims(request, await request.server.deps.tokens.verify(raw));
}

type Claims = Awaited<ReturnType<AppDeps['tokens']['verify']>>;

/** The account row of a token's subject: one named statement per role, planned once per connection. */
function prepareAccountQuery(db: Db, role: Role) {
  const table = role === 'user' ? users : role === 'seller' ? sellers : admins;
  return db
    .select({
      id: table.id,
      fullName: table.fullName,
      email: table.email,
      status: role === 'seller' ? sellers.status : role === 'user' ? users.status : sql<string>`'active'`,
      // Admins have no password-change time (they change it with the CLI, which rotates nothing).
      passwordChangedAt:
        role === 'admin' ? sql<Date | null>`null` : (table as typeof users).passwordChangedAt,
    })
    .from(table)
    .where(eq(table.id, sql.placeholder('id')))
    .limit(1)
    .prepare(`account_of_${role}`);
}

type AccountQuery = ReturnType<typeof prepareAccountQuery>;
const accountQueries = new WeakMap<Db, Map<Role, AccountQuery>>();

function accountQuery(db: Db, role: Role): AccountQuery {
  const byRole = accountQueries.get(db) ?? new Map<Role, AccountQuery>();
  accountQueries.set(db, byRole);
  const query = byRole.get(role) ?? prepareAccountQuery(db, role);
  byRole.set(role, query);
  return query;
}

export const sessionInvalid = () =>
  new AppError('UNAUTHENTICATED', 'Your session is invalid or has expired. Please log in again');

const ACCOUNT_GONE = 'This account no longer exists. Please log in again';

/** The answer when the account behind a valid token has been deleted. */
export const accountGone = () => new AppError('UNAUTHENTICATED', ACCOUNT_GONE);

/** The caller behind verified token claims (null: the token did not verify). */
async function principalFromClaims(request: FastifyRequest, claims: Claims): Promise<Principal> {
  const { db } = request.server.deps;
  if (!claims || !isId(claims.sub)) throw sessionInvalid();
  // The row must still exist (a deleted account's token stops working at once) and a seller must be active.
  const [row] = await retryOnStalePlan(() => accountQuery(db, claims.role).execute({ id: claims.sub }));
  if (!row) throw accountGone();
  // A password reset or change ends every session opened before it.
  const refusal = sessionRefusal(claims.issuedAtMs, row);
  if (refusal === 'revoked') throw sessionInvalid();
  if (refusal === 'suspended')
    throw new AppError(
      'FORBIDDEN',
      `This ${claims.role === 'user' ? 'account' : 'seller account'} is suspended`,
    );
  return { id: row.id, fullName: row.fullName, email: row.email, role: claims.role };
}

/** onRequest hook: the caller must hold a valid token of this role (401 without one, 403 for another role). */
export function requireRole(role: Role) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const raw = readToken(request);
    if (!raw) throw new AppError('UNAUTHENTICATED', MUST_LOGIN);
    const claims = await request.server.deps.tokens.verify(raw);
    // A token of another role is refused before its account is read.
    if (claims && claims.role !== role) throw new AppError('FORBIDDEN', wrongRole(role, claims.role));
    request.principal = await principalFromClaims(request, claims);
  };
}

/** onRequest hook: any signed-in account, whatever its role (the route checks what it may see). */
export async function requireSignedIn(request: FastifyRequest, _reply: FastifyReply) {
  const principal = await loadPrincipal(request);
  if (!principal) throw new AppError('UNAUTHENTICATED', MUST_LOGIN);
  request.principal = principal;
}

/**
 * onRequest hook for placing a COD order: the caller must hold a valid customer token, but the
 * account row is not read here. The order reads it with everything else it decides from and applies
 * `sessionRefusal` (a deleted account, a token older than the last password change, a suspended
 * account), which saves a round trip per order.
 */
export async function requireCustomerToken(request: FastifyRequest, _reply: FastifyReply) {
  const raw = readToken(request);
  if (!raw) throw new AppError('UNAUTHENTICATED', MUST_LOGIN);
  const claims = await request.server.deps.tokens.verify(raw);
  if (!claims || !isId(claims.sub)) throw sessionInvalid();
  if (claims.role !== 'user') throw new AppError('FORBIDDEN', wrongRole('user', claims.role));
  request.customer = { id: claims.sub, issuedAtMs: claims.issuedAtMs };
}

/**
 * Whether the caller holds a valid admin token. The role claim is checked first, so a visitor's or
 * customer's request never costs a database read.
 */
export async function isAdminCaller(request: FastifyRequest): Promise<boolean> {
  const raw = readToken(request);
  if (!raw) return false;
  const claims = await request.server.deps.tokens.verify(raw);
  if (claims?.role !== 'admin') return false;
  const principal = await principalFromClaims(request, claims).catch(() => undefined);
  return principal?.role === 'admin';
}

/**
 * Whether the caller holds a valid, unexpired customer token, without reading the account (the
 * token's signature and expiry only; verified tokens are remembered). What public catalogue reads
 * check while a sale is in early access: the worst a deleted account's token gets there is a sale
 * price on display, which its orders (which read the account) would refuse it anyway.
 */
export async function isShopperCaller(request: FastifyRequest): Promise<boolean> {
  const raw = readToken(request);
  if (!raw) return false;
  const claims = await request.server.deps.tokens.verify(raw);
  return claims?.role === 'user' && isId(claims.sub);
}

/** The customer session set by requireCustomerToken; throws if a route forgot its guard. */
export function customerOf(request: FastifyRequest): CustomerSession {
  if (!request.customer) throw new AppError('UNAUTHENTICATED', MUST_LOGIN);
  return request.customer;
}

/** The principal set by requireRole; throws if a route forgot its guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', MUST_LOGIN);
  return request.principal;
}
