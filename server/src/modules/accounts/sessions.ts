/**
 * A login token stays good only if it was issued at or after the account's last password change
 * (reset or change): that is how a reset ends every other session without a session store. The
 * change time is written from a JavaScript Date, so both sides are whole milliseconds.
 */
export const issuedBeforeChange = (issuedAtMs: number, passwordChangedAt: Date | null) =>
  passwordChangedAt !== null && issuedAtMs < passwordChangedAt.getTime();
