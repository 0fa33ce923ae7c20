import {
  localeOfCookie,
  type MobileVerifiedAnswer,
  mobileVerifiedAnswerSchema,
  OTP_RESEND_SECONDS,
  type OtpRequestAnswer,
  type OtpSignInAnswer,
  otpRequestAnswerSchema,
  otpRequestSchema,
  otpSignInAnswerSchema,
  otpVerifySchema,
  responses,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from './guard.ts';
import { issueOtp } from './otp-codes.ts';
import { signInWithOtp } from './otp-sign-in.ts';
import { toUserProfile } from './profiles.ts';
import { limitAccountAction, limitOtpAttempt } from './rate-limit.ts';
import { requestMobileCode, verifyMobile } from './verify-mobile.ts';

/** Every code request is answered alike: nothing in it says whether the number has an account. */
const CODE_SENT: OtpRequestAnswer = { success: true, resendAfterSeconds: OTP_RESEND_SECONDS };

/**
 * Phone sign-in for shoppers (issue 39): a one-time code by SMS signs in, or makes an account for a
 * new number; a signed-in shopper proves a mobile to sign in with it too. Sellers and the admin sign
 * in with e-mail and password only.
 */
export default async function phoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, tokens } = app.deps;
  const asUser = { onRequest: requireRole('user') };

  app.post(
    '/api/auth/otp/request',
    {
      schema: { body: otpRequestSchema, response: responses(otpRequestAnswerSchema) },
      preHandler: (req) => limitOtpAttempt(req, 'otp-request'),
    },
    async (req): Promise<OtpRequestAnswer> => {
      // The same code for every number: a new one gets its account when the code comes back.
      const locale = localeOfCookie(req.headers.cookie) ?? 'en';
      await issueOtp(app.deps, { mobile: req.body.mobile, purpose: 'sign_in', subject: '', locale });
      return CODE_SENT;
    },
  );

  app.post(
    '/api/auth/otp/verify',
    {
      schema: { body: otpVerifySchema, response: responses(otpSignInAnswerSchema) },
      preHandler: (req) => limitOtpAttempt(req, 'otp-verify'),
    },
    async (req): Promise<OtpSignInAnswer> => {
      const { user, isNew } = await signInWithOtp(db, {
        mobile: req.body.mobile,
        code: req.body.otp,
        locale: localeOfCookie(req.headers.cookie) ?? 'en',
      });
      const authToken = await tokens.sign({ sub: user.id, role: 'user' });
      return { success: true, authToken, user: toUserProfile(user), isNew };
    },
  );

  app.post(
    '/api/user/mobile/request',
    {
      ...asUser,
      schema: { body: otpRequestSchema, response: responses(otpRequestAnswerSchema) },
      preHandler: (req) => limitAccountAction(req, 'mobile-request', principalOf(req).id),
    },
    async (req): Promise<OtpRequestAnswer> => {
      await requestMobileCode(app.deps, principalOf(req).id, req.body.mobile);
      return CODE_SENT;
    },
  );

  app.post(
    '/api/user/mobile/verify',
    {
      ...asUser,
      schema: { body: otpVerifySchema, response: responses(mobileVerifiedAnswerSchema) },
      preHandler: (req) => limitAccountAction(req, 'mobile-verify', principalOf(req).id),
    },
    async (req): Promise<MobileVerifiedAnswer> => {
      const user = await verifyMobile(db, principalOf(req).id, req.body.mobile, req.body.otp);
      return { success: true, user: toUserProfile(user) };
    },
  );
}
