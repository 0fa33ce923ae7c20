import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { retryOnStalePlan } from '../../db/named-statement.ts';
import { users } from '../../db/schema.ts';
import type { Role } from '../../lib/tokens.ts';

/**
 * A login token stays good only if it was issued at or after the account's last password change
 * (reset or change): that is how a reset ends every other session without a session store.
 */
export const issuedBeforeChange = (issuedAtMs: number, passwordChangedAt: Date | null) =>
  passwordChangedAt !== null && issuedAtMs < passwordChangedAt.getTime();

/**
 * How long a customer's password-change time is trusted from memory on the two busiest routes (add
 * to cart, place a COD order), which by design read no account row before their own statement (ADR
 * 005). A change made in this process is seen at once (noteSessionsEnded); one made by another
 * process is seen within this time. Every other route reads the account row on each request.
 */
const REMEMBER_MS = 10_000;

interface Known {
  passwordChangedAt: Date | null;
  exists: boolean;
  readAtMs: number;
}

const known = new WeakMap<Db, Map<string, Known>>();
const MAX_REMEMBERED = 50_000;

const changedAtOf = (db: Db) =>
  db
    .select({ passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('password_changed_at_of_user');

type ChangedAtQuery = ReturnType<typeof changedAtOf>;
const queries = new WeakMap<Db, ChangedAtQuery>();

function rememberedFor(db: Db) {
  const map = known.get(db) ?? new Map<string, Known>();
  known.set(db, map);
  return map;
}

/**
 * Whether a customer token issued at `issuedAtMs` still opens the account: 'ok', 'revoked' (the
 * password changed after it was issued) or 'gone' (no such account).
 */
export async function customerSessionState(
  db: Db,
  userId: string,
  issuedAtMs: number,
): Promise<'ok' | 'revoked' | 'gone'> {
  const map = rememberedFor(db);
  let entry = map.get(userId);
  if (!entry || Date.now() - entry.readAtMs > REMEMBER_MS) {
    const query = queries.get(db) ?? changedAtOf(db);
    queries.set(db, query);
    const [row] = await retryOnStalePlan(() => query.execute({ id: userId }));
    entry = { passwordChangedAt: row?.passwordChangedAt ?? null, exists: Boolean(row), readAtMs: Date.now() };
    if (map.size >= MAX_REMEMBERED) map.clear();
    map.set(userId, entry);
  }
  if (!entry.exists) return 'gone';
  return issuedBeforeChange(issuedAtMs, entry.passwordChangedAt) ? 'revoked' : 'ok';
}

/** Called after a password change in this process, so its own memory never lets an old token through. */
export function noteSessionsEnded(db: Db, role: Role, accountId: string, changedAt: Date) {
  if (role !== 'user') return;
  rememberedFor(db).set(accountId, { passwordChangedAt: changedAt, exists: true, readAtMs: Date.now() });
}
