import {
  type ReturnListAnswer,
  responses,
  returnListAnswerSchema,
  returnListQuerySchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../accounts/index.ts';
import { listReturns } from './list-returns.ts';

const withTotal = (reply: FastifyReply, answer: ReturnListAnswer) => {
  reply.header('x-total-count', String(answer.total));
  return answer;
};

/**
 * The return lists: the shopper's own, the seller's queue, every return for an admin. Requests and
 * decisions move stock, money and tax documents: they are workflows (workflows/return-routes.ts).
 */
export default async function returnListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const days = config.returns.decisionDays;
  const schema = { querystring: returnListQuerySchema, response: responses(returnListAnswerSchema) };

  app.get('/api/user/returns', { onRequest: requireRole('user'), schema }, async (req, reply) =>
    withTotal(reply, await listReturns(db, { userId: principalOf(req).id }, req.query, days)),
  );
  app.get('/api/seller/returns', { onRequest: requireRole('seller'), schema }, async (req, reply) =>
    withTotal(reply, await listReturns(db, { sellerId: principalOf(req).id }, req.query, days)),
  );
  app.get('/api/admin/returns', { onRequest: requireRole('admin'), schema }, async (req, reply) =>
    withTotal(reply, await listReturns(db, { admin: true }, req.query, days)),
  );
}
