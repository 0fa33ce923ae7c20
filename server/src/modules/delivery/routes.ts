import { responses, shippingSettingsAnswerSchema, shippingSettingsInputSchema } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../accounts/index.ts';
import { readShippingSettings, saveShippingSettings, shippingSettingsAnswer } from './settings.ts';

/** The admin's shipping charges. The promise itself (`GET /api/delivery/promise`) is a workflow's. */
export default async function deliveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asAdmin = { onRequest: requireRole('admin') };

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
    async (req) => shippingSettingsAnswer(await saveShippingSettings(db, req.body)),
  );
}
