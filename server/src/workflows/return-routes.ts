import {
  codRefundPaidSchema,
  orderItemReturnParamsSchema,
  type ReturnAnswer,
  responses,
  returnAnswerSchema,
  returnApproveSchema,
  returnParamsSchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnRequestSchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../lib/errors.ts';
import { principalOf, requireRole } from '../modules/accounts/index.ts';
import { findReturnView, RETURN_NOT_FOUND, type ReturnViewer } from '../modules/returns/index.ts';
import { markCodRefundPaid } from './cod-refund-paid.ts';
import { approveReturn, rejectReturn } from './decide-return.ts';
import type { WorkflowDeps } from './deps.ts';
import { receiveReturn, refundReturnByAdmin } from './receive-return.ts';
import { requestReturn } from './request-return.ts';

/**
 * Returns and size exchanges (issue 18): the shopper's request, the seller's approve, reject and
 * receive, and the admin's approve, reject and refund (plus marking a COD refund paid). Each
 * handler parses, authorises, runs one workflow and answers with the return as the caller sees it
 * (lists: modules/returns/routes.ts).
 */
export default async function returnRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const deps = (req: FastifyRequest): WorkflowDeps => ({ ...app.deps, log: req.log });
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  const asAdmin = { onRequest: requireRole('admin') };
  const one = { params: returnParamsSchema, response: responses(returnAnswerSchema) };

  const answer = async (viewer: ReturnViewer, id: string): Promise<ReturnAnswer> => {
    const view = await findReturnView(app.deps.db, viewer, id, config.returns.decisionDays);
    if (!view) throw notFound(RETURN_NOT_FOUND);
    return { success: true, return: view };
  };
  const sellerOf = (req: FastifyRequest) => ({ sellerId: principalOf(req).id });
  const admin = { admin: true } as const;

  app.post(
    '/api/user/order-items/:itemId/return',
    {
      ...asUser,
      schema: {
        params: orderItemReturnParamsSchema,
        body: returnRequestSchema,
        response: responses(returnAnswerSchema),
      },
    },
    async (req) => {
      const userId = principalOf(req).id;
      const id = await requestReturn(deps(req), userId, req.params.itemId, req.body);
      return answer({ userId }, id);
    },
  );

  app.post(
    '/api/seller/returns/:returnId/approve',
    { ...asSeller, schema: { ...one, body: returnApproveSchema } },
    async (req) => {
      await approveReturn(deps(req), sellerOf(req), req.params.returnId, req.body ?? {});
      return answer(sellerOf(req), req.params.returnId);
    },
  );
  app.post(
    '/api/seller/returns/:returnId/reject',
    { ...asSeller, schema: { ...one, body: returnRejectSchema } },
    async (req) => {
      await rejectReturn(deps(req), sellerOf(req), req.params.returnId, req.body.reason);
      return answer(sellerOf(req), req.params.returnId);
    },
  );
  app.post(
    '/api/seller/returns/:returnId/receive',
    { ...asSeller, schema: { ...one, body: returnReceiveSchema } },
    async (req) => {
      await receiveReturn(deps(req), principalOf(req).id, req.params.returnId, req.body.conditionOk);
      return answer(sellerOf(req), req.params.returnId);
    },
  );

  app.post(
    '/api/admin/returns/:returnId/approve',
    { ...asAdmin, schema: { ...one, body: returnApproveSchema } },
    async (req) => {
      await approveReturn(deps(req), admin, req.params.returnId, req.body ?? {});
      return answer(admin, req.params.returnId);
    },
  );
  app.post(
    '/api/admin/returns/:returnId/reject',
    { ...asAdmin, schema: { ...one, body: returnRejectSchema } },
    async (req) => {
      await rejectReturn(deps(req), admin, req.params.returnId, req.body.reason);
      return answer(admin, req.params.returnId);
    },
  );
  app.post('/api/admin/returns/:returnId/refund', { ...asAdmin, schema: one }, async (req) => {
    await refundReturnByAdmin(deps(req), req.params.returnId);
    return answer(admin, req.params.returnId);
  });
  app.post(
    '/api/admin/returns/:returnId/cod-refund-paid',
    { ...asAdmin, schema: { ...one, body: codRefundPaidSchema } },
    async (req) => {
      await markCodRefundPaid(deps(req), req.params.returnId, req.body.reference);
      return answer(admin, req.params.returnId);
    },
  );
}
