import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * Login and register are limited per e-mail and, five times looser, per IP (many people can share
 * one IP behind a mobile carrier's NAT).
 */
export async function limitAuthAttempt(request: FastifyRequest, action: string) {
  const { rateLimiter, config } = request.server.deps;
  const { authMax, authWindowMs } = config.rateLimit;
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  const ipOk = await rateLimiter.hit(request, `${action}:ip:${request.ip}`, authMax * 5, authWindowMs);
  const emailOk =
    !email || (await rateLimiter.hit(request, `${action}:email:${email}`, authMax, authWindowMs));
  if (!ipOk || !emailOk) throw tooManyAttempts(authWindowMs);
}

function tooManyAttempts(windowMs: number) {
  const minutes = Math.max(1, Math.round(windowMs / 60_000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again`,
  );
}

/**
 * Actions of a logged-in account that send mail or check a password (resend the confirmation link,
 * change password) are limited per account like login is per e-mail, and per IP.
 */
export async function limitAccountAction(request: FastifyRequest, action: string, accountId: string) {
  const { rateLimiter, config } = request.server.deps;
  const { authMax, authWindowMs } = config.rateLimit;
  const ipOk = await rateLimiter.hit(request, `${action}:ip:${request.ip}`, authMax * 5, authWindowMs);
  const accountOk = await rateLimiter.hit(request, `${action}:account:${accountId}`, authMax, authWindowMs);
  if (!ipOk || !accountOk) throw tooManyAttempts(authWindowMs);
}

/**
 * One-time code requests and checks are limited per mobile number like login per e-mail, and per IP.
 * (The codes' own rules, the resend timer and the hourly cap, are counted in the database.)
 */
export async function limitOtpAttempt(request: FastifyRequest, action: string) {
  const { rateLimiter, config } = request.server.deps;
  const { authMax, authWindowMs } = config.rateLimit;
  const body = request.body as { mobile?: unknown } | undefined;
  const mobile = typeof body?.mobile === 'string' ? body.mobile : '';
  const ipOk = await rateLimiter.hit(request, `${action}:ip:${request.ip}`, authMax * 5, authWindowMs);
  const mobileOk =
    !mobile || (await rateLimiter.hit(request, `${action}:mobile:${mobile}`, authMax, authWindowMs));
  if (!ipOk || !mobileOk) throw tooManyAttempts(authWindowMs);
}
