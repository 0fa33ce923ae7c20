import {
  type OkAnswer,
  okAnswerSchema,
  type RtoRatesAnswer,
  responses,
  rtoRatesAnswerSchema,
  rtoRatesQuerySchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { idSchema } from '../lib/ids.ts';
import { principalOf, requireRole } from '../modules/accounts/index.ts';
import { recordAudit } from '../modules/admin/index.ts';
import { liftCodHold, rtoRates } from '../modules/shipping/index.ts';

/**
 * The admin's view of returns to origin (issue 38): RTO rates by shopper, seller or pincode, and
 * lifting a shopper's COD hold (the shipping module's row and the audit log: a workflow).
 */
export default async function codRiskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asAdmin = { onRequest: requireRole('admin') };

  app.get(
    '/api/admin/rto-rates',
    { ...asAdmin, schema: { querystring: rtoRatesQuerySchema, response: responses(rtoRatesAnswerSchema) } },
    async (req): Promise<RtoRatesAnswer> => ({
      success: true,
      by: req.query.by,
      rows: await rtoRates(db, req.query.by, config.shipping.codRtoLimit),
    }),
  );

  app.post(
    '/api/admin/users/:id/cod-hold/lift',
    {
      ...asAdmin,
      schema: { params: z.object({ id: idSchema('User id') }), response: responses(okAnswerSchema) },
    },
    async (req): Promise<OkAnswer> => {
      const admin = principalOf(req);
      await db.transaction(async (tx) => {
        if (!(await liftCodHold(tx, req.params.id, admin.id))) throw notFound('User not found');
        await recordAudit(tx, admin, 'user.cod_hold_lift', { kind: 'user', id: req.params.id });
      });
      return { success: true };
    },
  );
}
