import { z } from 'zod';
import { emailSchema, passwordSchema } from './accounts.ts';
import { TEXT_LIMITS } from './form-rules.ts';
import { ACCOUNT_KINDS } from './statuses.ts';
import { textField } from './text.ts';

/** The random token of an e-mailed link (43 base64url characters; a little room for the future). */
const linkTokenSchema = (label: string) =>
  textField(label, `${label} is missing. Please open the link from the e-mail again`)
    .trim()
    .min(1, `${label} is missing. Please open the link from the e-mail again`)
    .max(200, `${label} is not valid`);

/** Body of `POST /api/auth/{user|seller}/forgot-password`. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** Body of `POST /api/auth/{user|seller}/reset-password`: the link's token and the new password. */
export const resetPasswordSchema = z.object({
  token: linkTokenSchema('The reset link'),
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Body of `PUT /api/user/change-password` and `PUT /api/seller/change-password`. */
export const changePasswordSchema = z.object({
  currentPassword: textField('Current password')
    .min(1, 'Current password is required')
    .max(TEXT_LIMITS.password.max),
  newPassword: textField('New password')
    .min(TEXT_LIMITS.password.min, `New password must be at least ${TEXT_LIMITS.password.min} characters`)
    .max(TEXT_LIMITS.password.max, `New password must be at most ${TEXT_LIMITS.password.max} characters`),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Query of `GET /api/auth/verify-email?token=…`. */
export const verifyEmailQuerySchema = z.object({ token: linkTokenSchema('The confirmation link') });

/** A done answer with a sentence to show (forgot and reset password). */
export const accountMessageAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type AccountMessageAnswer = z.infer<typeof accountMessageAnswerSchema>;

/** Answer of a password change: a fresh login token, since every older one has stopped working. */
export const changePasswordAnswerSchema = accountMessageAnswerSchema.extend({ authToken: z.string() });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswerSchema>;

/** Answer of `GET /api/auth/verify-email` and of resending the link. */
export const emailVerificationAnswerSchema = accountMessageAnswerSchema.extend({
  role: z.enum(ACCOUNT_KINDS),
  alreadyVerified: z.boolean(),
});
export type EmailVerificationAnswer = z.infer<typeof emailVerificationAnswerSchema>;
