/**
 * One-time codes and phone sign-in (issue 39): the limits the server enforces and the web shows
 * (the resend countdown, the code's length). Zod-free, so the web app imports them without zod.
 */

/** Digits in a one-time code. */
export const OTP_LENGTH = 6;
/** How long a code works after it is sent. */
export const OTP_TTL_SECONDS = 300;
/** Wrong codes tried against one code before it is dead (even the right code fails after). */
export const OTP_MAX_WRONG_TRIES = 5;
/** A second code for the same number and purpose is sent only this long after the first. */
export const OTP_RESEND_SECONDS = 30;
/** At most this many codes to one mobile number in any hour, whatever their purpose (SMS pumping). */
export const OTP_HOURLY_MAX = 5;

/** Exactly OTP_LENGTH digits. */
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** Seconds until a code may be sent again, given when the last one was sent (0: now). */
export function otpResendWait(lastSentAt: Date | string | undefined, now: Date = new Date()): number {
  if (lastSentAt === undefined) return 0;
  const elapsedMs = now.getTime() - new Date(lastSentAt).getTime();
  return Math.max(0, Math.ceil(OTP_RESEND_SECONDS - elapsedMs / 1000));
}
