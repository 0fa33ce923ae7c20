import { okAnswerSchema, orderItemParamsSchema, responses } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../modules/accounts/index.ts';
import { recordAudit } from '../modules/admin/index.ts';
import { cancelOrderItem } from './cancel-item.ts';

/** The admin's actions that span modules: cancelling (and refunding) any order item. */
export default async function adminWorkflowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/admin/order-items/:itemId/cancel',
    {
      onRequest: requireRole('admin'),
      schema: { params: orderItemParamsSchema, response: responses(okAnswerSchema) },
    },
    async (req) => {
      const admin = principalOf(req);
      await cancelOrderItem({ ...app.deps, log: req.log }, { adminId: admin.id }, req.params.itemId);
      await recordAudit(app.deps.db, admin, 'order_item.cancel', {
        kind: 'order_item',
        id: req.params.itemId,
      });
      return { success: true as const };
    },
  );
}
