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
  const ipOk = rateLimiter.hit(`${action}:ip:${request.ip}`, authMax * 5, authWindowMs);
  const emailOk = !email || rateLimiter.hit(`${action}:email:${email}`, authMax, authWindowMs);
  if (!ipOk || !emailOk) {
    const minutes = Math.max(1, Math.round(authWindowMs / 60_000));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again`,
    );
  }
}
