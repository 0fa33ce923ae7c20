import {
  dashboardQuerySchema,
  type LowStockAnswer,
  labelQuerySchema,
  lowStockAnswerSchema,
  type PickupAddressAnswer,
  pickupAddressAnswerSchema,
  pickupAddressSchema,
  responses,
  type SellerDashboard,
  type SellerSettingsAnswer,
  sellerDashboardSchema,
  sellerOrderParamsSchema,
  sellerSettingsAnswerSchema,
  sellerSettingsSchema,
  shoppingId,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv.ts';
import { sendDownload } from '../../lib/http.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { sellerDashboard } from './dashboard.ts';
import { scheduleLowStockDigests } from './digest-timer.ts';
import { lowStock } from './low-stock.ts';
import { exportOrdersCsv } from './order-export.ts';
import { pickupAddress, savePickup, saveSellerSettings, sellerSettings } from './settings.ts';
import { shippingDocs } from './shipping-docs.ts';
import { renderLabels, renderPackingSlips } from './shipping-pdf.ts';

const MAX_BULK_PRINT = 100;

/** `?orderIds=a,b,c&size=4x6`: labels or slips of several orders in one PDF. */
const bulkPrintQuerySchema = labelQuerySchema.extend({
  orderIds: z
    .string({ error: 'orderIds is required' })
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(
      z
        .array(shoppingId('orderId'))
        .min(1, 'orderIds is required')
        .max(MAX_BULK_PRINT, `At most ${MAX_BULK_PRINT} orders at once`),
    ),
});

/** The seller centre (issue 23): dashboard, low stock, order export, packing slips and labels. */
export default async function sellerCentreRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asSeller = { onRequest: requireRole('seller') };
  scheduleLowStockDigests(fastify);

  app.get(
    '/api/seller/dashboard',
    {
      ...asSeller,
      schema: { querystring: dashboardQuerySchema, response: responses(sellerDashboardSchema) },
    },
    async (req): Promise<SellerDashboard> => sellerDashboard(db, principalOf(req).id, req.query.days),
  );

  app.get(
    '/api/seller/low-stock',
    { ...asSeller, schema: { response: responses(lowStockAnswerSchema) } },
    async (req): Promise<LowStockAnswer> => lowStock(db, principalOf(req).id),
  );

  app.get(
    '/api/seller/settings',
    { ...asSeller, schema: { response: responses(sellerSettingsAnswerSchema) } },
    async (req): Promise<SellerSettingsAnswer> => sellerSettings(db, principalOf(req).id),
  );

  app.put(
    '/api/seller/settings',
    { ...asSeller, schema: { body: sellerSettingsSchema, response: responses(sellerSettingsAnswerSchema) } },
    async (req): Promise<SellerSettingsAnswer> => saveSellerSettings(db, principalOf(req).id, req.body),
  );

  // Where the seller ships from (issue 37): the pincode must be India Post's and in the state given.
  app.get(
    '/api/seller/pickup-address',
    { ...asSeller, schema: { response: responses(pickupAddressAnswerSchema) } },
    async (req): Promise<PickupAddressAnswer> => pickupAddress(db, principalOf(req).id),
  );

  app.put(
    '/api/seller/pickup-address',
    { ...asSeller, schema: { body: pickupAddressSchema, response: responses(pickupAddressAnswerSchema) } },
    async (req): Promise<PickupAddressAnswer> => savePickup(db, principalOf(req).id, req.body),
  );

  app.get('/api/seller/orders/export.csv', asSeller, async (req, reply) =>
    sendCsv(reply, 'vastra-orders.csv', await exportOrdersCsv(db, principalOf(req).id)),
  );

  app.get(
    '/api/seller/orders/:orderId/packing-slip.pdf',
    { ...asSeller, schema: { params: sellerOrderParamsSchema } },
    async (req, reply) => {
      const docs = await shippingDocs(db, principalOf(req).id, [req.params.orderId]);
      return sendDownload(
        reply,
        'application/pdf',
        `packing-slip-${docs[0]!.orderNumber}.pdf`,
        await renderPackingSlips(docs),
      );
    },
  );

  app.get(
    '/api/seller/orders/:orderId/label.pdf',
    { ...asSeller, schema: { params: sellerOrderParamsSchema, querystring: labelQuerySchema } },
    async (req, reply) => {
      const docs = await shippingDocs(db, principalOf(req).id, [req.params.orderId]);
      const pdf = await renderLabels(docs, req.query.size);
      return sendDownload(
        reply,
        'application/pdf',
        `label-${docs[0]!.orderNumber}-${req.query.size}.pdf`,
        pdf,
      );
    },
  );

  // Several orders at once, one per page: a day's labels or slips in one print.
  app.get(
    '/api/seller/labels.pdf',
    { ...asSeller, schema: { querystring: bulkPrintQuerySchema } },
    async (req, reply) => {
      const docs = await shippingDocs(db, principalOf(req).id, req.query.orderIds);
      return sendDownload(
        reply,
        'application/pdf',
        `labels-${req.query.size}.pdf`,
        await renderLabels(docs, req.query.size),
      );
    },
  );

  app.get(
    '/api/seller/packing-slips.pdf',
    { ...asSeller, schema: { querystring: bulkPrintQuerySchema } },
    async (req, reply) => {
      const docs = await shippingDocs(db, principalOf(req).id, req.query.orderIds);
      return sendDownload(reply, 'application/pdf', 'packing-slips.pdf', await renderPackingSlips(docs));
    },
  );
}
