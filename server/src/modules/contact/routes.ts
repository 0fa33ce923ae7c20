import { type ContactAnswer, contactAnswerSchema, contactSchema, errorResponses } from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { sendContactMessage } from './send-message.ts';

export const CONTACT_THANKS = 'Thank you for writing to us. We will reply within 2 working days.';

/** Per-IP limit on contact messages: the form e-mails the owner, so it must not become a spam cannon. */
async function limitContact(request: FastifyRequest) {
  const { rateLimiter, config } = request.server.deps;
  const { contactMax, contactWindowMs } = config.rateLimit;
  if (!(await rateLimiter.hit(request, `contact:ip:${request.ip}`, contactMax, contactWindowMs))) {
    const minutes = Math.max(1, Math.round(contactWindowMs / 60_000));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many messages. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again`,
    );
  }
}

/** Contact: the contact page's form, stored and e-mailed to the shop owner. */
export default async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, config } = app.deps;

  app.post(
    '/api/contact',
    {
      schema: { body: contactSchema, response: { 201: contactAnswerSchema, ...errorResponses } },
      preHandler: limitContact,
    },
    async (req, reply): Promise<ContactAnswer> => {
      await sendContactMessage(db, mailer, config.shop.email, req.body);
      reply.code(201);
      return { success: true, message: CONTACT_THANKS };
    },
  );
}
