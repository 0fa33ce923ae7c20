import {
  ACCOUNT_KINDS,
  type AccountKind,
  type AccountMessageAnswer,
  accountMessageAnswerSchema,
  type ChangePasswordAnswer,
  changePasswordAnswerSchema,
  changePasswordSchema,
  type EmailVerificationAnswer,
  emailVerificationAnswerSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  responses,
  verifyEmailQuerySchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAnswer, afterAnswerSettled } from './after-answer.ts';
import { changePassword } from './change-password.ts';
import { resendVerification, verifyEmail } from './email-verification.ts';
import { principalOf, requireRole } from './guard.ts';
import { type AccountDeps, requestPasswordReset, resetPassword } from './password-reset.ts';
import { limitAccountAction, limitAuthAttempt } from './rate-limit.ts';

export const RESET_REQUESTED =
  'If an account uses this e-mail, we have sent it a link to reset the password. It works for 30 minutes.';
export const PASSWORD_RESET = 'Your password has been changed. Please log in with your new password';
export const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been logged out';

/** Password reset, password change and e-mail verification for shoppers and sellers (issue 20). */
export default async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (req: FastifyRequest): AccountDeps => ({ ...app.deps, log: req.log });
  // Reset links still being mailed when the server stops are mailed first.
  app.addHook('onClose', afterAnswerSettled);

  for (const kind of ACCOUNT_KINDS) {
    const asKind = { onRequest: requireRole(kind) };

    // Always the same answer, given before the account is even looked up (no account enumeration).
    app.post(
      `/api/auth/${kind}/forgot-password`,
      {
        schema: { body: forgotPasswordSchema, response: responses(accountMessageAnswerSchema) },
        preHandler: (req) => limitAuthAttempt(req, `forgot-password:${kind}`),
      },
      async (req): Promise<AccountMessageAnswer> => {
        afterAnswer(req.log, () => requestPasswordReset(deps(req), kind, req.body.email));
        return { success: true, message: RESET_REQUESTED };
      },
    );

    app.post(
      `/api/auth/${kind}/reset-password`,
      {
        schema: { body: resetPasswordSchema, response: responses(accountMessageAnswerSchema) },
        preHandler: (req) => limitAuthAttempt(req, `reset-password:${kind}`),
      },
      async (req): Promise<AccountMessageAnswer> => {
        await resetPassword(deps(req), kind, req.body.token, req.body.password);
        return { success: true, message: PASSWORD_RESET };
      },
    );

    app.put(
      `/api/${kind}/change-password`,
      {
        ...asKind,
        schema: { body: changePasswordSchema, response: responses(changePasswordAnswerSchema) },
        preHandler: (req) => limitAccountAction(req, 'change-password', principalOf(req).id),
      },
      async (req): Promise<ChangePasswordAnswer> => {
        const { id } = principalOf(req);
        await changePassword(deps(req), kind, id, req.body.currentPassword, req.body.newPassword);
        // Signed after the change time, so this token is the one that still works.
        const authToken = await app.deps.tokens.sign({ sub: id, role: kind });
        return { success: true, message: PASSWORD_CHANGED, authToken };
      },
    );

    app.post(
      `/api/auth/${kind}/resend-verification`,
      {
        ...asKind,
        schema: { response: responses(emailVerificationAnswerSchema) },
        preHandler: (req) => limitAccountAction(req, 'resend-verification', principalOf(req).id),
      },
      async (req): Promise<EmailVerificationAnswer> => {
        const outcome = await resendVerification(deps(req), kind, principalOf(req).id);
        return verificationAnswer(kind, outcome === 'already_verified', outcome === 'sent');
      },
    );
  }

  app.get(
    '/api/auth/verify-email',
    {
      schema: { querystring: verifyEmailQuerySchema, response: responses(emailVerificationAnswerSchema) },
      preHandler: (req) => limitAuthAttempt(req, 'verify-email'),
    },
    async (req): Promise<EmailVerificationAnswer> => {
      const { role, alreadyVerified } = await verifyEmail(app.deps.db, req.query.token);
      return verificationAnswer(role, alreadyVerified, false);
    },
  );
}

function verificationAnswer(
  role: AccountKind,
  alreadyVerified: boolean,
  sent: boolean,
): EmailVerificationAnswer {
  const message = sent
    ? 'We have sent you a new confirmation link. Please check your e-mail'
    : alreadyVerified
      ? 'Your e-mail address is already confirmed'
      : 'Thank you! Your e-mail address is confirmed';
  return { success: true, message, role, alreadyVerified };
}
