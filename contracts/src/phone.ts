import { z } from 'zod';
import { mobileSchema, userProfileSchema } from './accounts.ts';
import { OTP_LENGTH, OTP_PATTERN } from './phone-rules.ts';
import { textField } from './text.ts';

/** One-time codes and phone sign-in: request and answer schemas (issue 39). */

/** A one-time code as typed: spaces are forgiven, then exactly six digits. */
export const otpSchema = textField('Code')
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => OTP_PATTERN.test(v), `Please enter the ${OTP_LENGTH}-digit code`);

/**
 * `POST /api/auth/otp/request` and `POST /api/user/mobile/request`: a code to this Indian mobile
 * number (+91 optional).
 */
export const otpRequestSchema = z.object({ mobile: mobileSchema });
export type OtpRequestInput = z.input<typeof otpRequestSchema>;

/** `POST /api/auth/otp/verify` and `POST /api/user/mobile/verify`: the number and the code it got. */
export const otpVerifySchema = z.object({ mobile: mobileSchema, otp: otpSchema });
export type OtpVerifyInput = z.input<typeof otpVerifySchema>;

/**
 * Answer of a code request: the same for every number (whether it has an account is not told);
 * `resendAfterSeconds` is when the web may offer to send another.
 */
export const otpRequestAnswerSchema = z.object({
  success: z.literal(true),
  resendAfterSeconds: z.number().int(),
});
export type OtpRequestAnswer = z.infer<typeof otpRequestAnswerSchema>;

/**
 * Answer of `POST /api/auth/otp/verify`: signed in. `isNew` when the number had no account and one
 * was made: the web then asks for a name (and, optionally, an e-mail).
 */
export const otpSignInAnswerSchema = z.object({
  success: z.literal(true),
  authToken: z.string(),
  user: userProfileSchema,
  isNew: z.boolean(),
});
export type OtpSignInAnswer = z.infer<typeof otpSignInAnswerSchema>;

/** Answer of `POST /api/user/mobile/verify`: the profile, with the mobile now verified. */
export const mobileVerifiedAnswerSchema = z.object({ success: z.literal(true), user: userProfileSchema });
export type MobileVerifiedAnswer = z.infer<typeof mobileVerifiedAnswerSchema>;
