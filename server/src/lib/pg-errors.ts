/** The PostgreSQL error behind a failed statement (Drizzle wraps the driver's error in `cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (typeof e?.code === 'string') return e;
  if (typeof e?.cause?.code === 'string') return e.cause;
  return undefined;
}

/** unique_violation: e.g. two registrations racing for one e-mail. */
export const isUniqueViolation = (err: unknown) => pgErrorOf(err)?.code === '23505';

/** check_violation of one named CHECK constraint. */
export const violatesCheck = (err: unknown, constraint: string) => {
  const e = pgErrorOf(err);
  return e?.code === '23514' && e.constraint === constraint;
};

/** foreign_key_violation of one named constraint: e.g. a row inserted for an account deleted meanwhile. */
export const isForeignKeyViolation = (err: unknown, constraint: string) => {
  const e = pgErrorOf(err);
  return e?.code === '23503' && e.constraint === constraint;
};
