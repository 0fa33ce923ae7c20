import {
  promiseAnswerSchema,
  promiseQuerySchema,
  responses,
  shippingSettingsAnswerSchema,
  shippingSettingsInputSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../modules/accounts/index.ts';
import { recordAudit } from '../modules/admin/index.ts';
import {
  readShippingSettings,
  saveShippingSettings,
  shippingSettingsAnswer,
} from '../modules/delivery/index.ts';
import { CourierServiceability } from './courier-serviceability.ts';
import { deliveryPromise } from './delivery-promise.ts';

/**
 * Delivery (issue 37): the promise on the product page, which anyone may ask for, signed in or not,
 * and the admin's shipping charges. Here rather than in the delivery module, which the accounts
 * module calls to check addresses (a module's routes need the accounts module's role guard).
 */
export default async function deliveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asAdmin = { onRequest: requireRole('admin') };
  const { shiprocket } = app.deps;
  const couriers = shiprocket
    ? new CourierServiceability(shiprocket, {}, (err) =>
        app.log.warn({ err }, 'Shiprocket serviceability failed; the zone table answers'),
      )
    : undefined;

  app.get(
    '/api/delivery/promise',
    { schema: { querystring: promiseQuerySchema, response: responses(promiseAnswerSchema) } },
    async (req) => deliveryPromise(db, config, req.query, new Date(), couriers),
  );
  app.get(
    '/api/admin/settings/shipping',
    { ...asAdmin, schema: { response: responses(shippingSettingsAnswerSchema) } },
    async () => shippingSettingsAnswer(await readShippingSettings(db)),
  );
  app.put(
    '/api/admin/settings/shipping',
    {
      ...asAdmin,
      schema: { body: shippingSettingsInputSchema, response: responses(shippingSettingsAnswerSchema) },
    },
    async (req) =>
      db.transaction(async (tx) => {
        const saved = await saveShippingSettings(tx, req.body);
        await recordAudit(
          tx,
          principalOf(req),
          'settings.shipping',
          { kind: 'settings', id: 'shipping' },
          {
            ...req.body,
          },
        );
        return shippingSettingsAnswer(saved);
      }),
  );
}
