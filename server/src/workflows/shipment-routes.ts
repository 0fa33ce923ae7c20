import { timingSafeEqual } from 'node:crypto';
import {
  type BulkShipAnswer,
  bulkShipAnswerSchema,
  bulkShipSchema,
  type CourierRatesAnswer,
  courierRatesAnswerSchema,
  createShipmentSchema,
  type ItemStatusAnswer,
  itemStatusAnswerSchema,
  type NdrQueueAnswer,
  ndrAnswerSchema,
  ndrQueueAnswerSchema,
  type OneShipmentAnswer,
  oneShipmentAnswerSchema,
  orderItemParamsSchema,
  orderParamsSchema,
  parcelOf,
  responses,
  SHIPMENT_STATUSES,
  type ShipmentListAnswer,
  shipItemSchema,
  shipmentEventSchema,
  shipmentListAnswerSchema,
  shipmentParamsSchema,
} from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderItems, orders, sellers, shipments } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.ts';
import { sendDownload } from '../lib/http.ts';
import { principalOf, requireRole } from '../modules/accounts/index.ts';
import { ndrQueueRows, scanOfWebhook, shipmentIdByAwb } from '../modules/shipping/index.ts';
import {
  answerNdr,
  answersOf,
  applyEvent,
  courierLabel,
  createShipment,
  createShipments,
  deliverItemByHand,
  requestPickup,
  type ShipmentDeps,
  shipmentAnswer,
} from './shipments.ts';

const sellerShipmentsQuerySchema = z.object({
  orderId: z.uuid({ error: 'orderId is not a valid order id' }).optional(),
  status: z
    .enum(SHIPMENT_STATUSES, { error: `status must be one of ${SHIPMENT_STATUSES.join(', ')}` })
    .optional(),
});

/** The token Shiprocket sends in `x-api-key`, compared in constant time; no token set: nobody. */
function webhookAuthorised(req: FastifyRequest, token: string | undefined) {
  const given = req.headers['x-api-key'];
  if (!token || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Shipments (issue 38): the seller books parcels (own courier or Shiprocket), prints labels, asks
 * for pickup, posts tracking for self-shipped parcels and marks returns received; the shopper sees
 * the timeline and answers a failed delivery; Shiprocket's tracking webhook. The SPEC's ship and
 * deliver buttons (`/api/seller/orders/{itemId}/ship`, `/deliver`, the bulk ship) work as before,
 * now making a parcel of what they ship.
 */
export default async function shipmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  const deps = (req: FastifyRequest): ShipmentDeps => ({ ...app.deps, log: req.log });
  const one = { response: responses(oneShipmentAnswerSchema) };
  const itemStatus = { params: orderItemParamsSchema, response: responses(itemStatusAnswerSchema) };

  // SPEC §7: Confirm Shipment of one item, with its courier and AWB when given: a self-shipped parcel.
  app.post(
    '/api/seller/orders/:itemId/ship',
    { ...asSeller, schema: { ...itemStatus, body: shipItemSchema } },
    async (req): Promise<ItemStatusAnswer> => {
      const sellerId = principalOf(req).id;
      const [item] = await db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(and(eq(orderItems.id, req.params.itemId), eq(orderItems.sellerId, sellerId)));
      if (!item) throw notFound('Order item not found');
      const body = req.body ?? {};
      await createShipment(deps(req), sellerId, item.orderId, {
        itemIds: [req.params.itemId],
        provider: 'self',
        courier: body.courier,
        awb: body.awb,
        trackingUrl: body.trackingUrl,
      });
      return { success: true, _id: req.params.itemId, status: 'shipped' };
    },
  );

  app.post(
    '/api/seller/orders/ship',
    { ...asSeller, schema: { body: bulkShipSchema, response: responses(bulkShipAnswerSchema) } },
    async (req): Promise<BulkShipAnswer> => {
      const { itemIds, provider, courier, awb } = req.body;
      const made = await createShipments(deps(req), principalOf(req).id, itemIds, { provider, courier, awb });
      const shipped = made.flatMap((s) => s.itemIds.map((id) => ({ _id: id, status: 'shipped' })));
      return { success: true, items: shipped };
    },
  );

  app.post(
    '/api/seller/orders/:itemId/deliver',
    { ...asSeller, schema: itemStatus },
    async (req): Promise<ItemStatusAnswer> => {
      const item = await deliverItemByHand(deps(req), principalOf(req).id, req.params.itemId);
      return { success: true, _id: item.id, status: item.status };
    },
  );

  app.post(
    '/api/seller/orders/:orderId/shipments',
    { ...asSeller, schema: { ...one, params: orderParamsSchema, body: createShipmentSchema } },
    async (req, reply): Promise<OneShipmentAnswer> => {
      const shipment = await createShipment(deps(req), principalOf(req).id, req.params.orderId, req.body);
      reply.code(201);
      return { success: true, shipment };
    },
  );

  app.get(
    '/api/seller/shipments',
    {
      ...asSeller,
      schema: { querystring: sellerShipmentsQuerySchema, response: responses(shipmentListAnswerSchema) },
    },
    async (req): Promise<ShipmentListAnswer> => {
      const sellerId = principalOf(req).id;
      const where = and(
        eq(shipments.sellerId, sellerId),
        req.query.orderId ? eq(shipments.orderId, req.query.orderId) : undefined,
      );
      const list = await answersOf(deps(req), where);
      return {
        success: true,
        shipments: req.query.status ? list.filter((s) => s.status === req.query.status) : list,
      };
    },
  );

  app.get(
    '/api/seller/shipments/:id',
    { ...asSeller, schema: { ...one, params: shipmentParamsSchema } },
    async (req): Promise<OneShipmentAnswer> => ({
      success: true,
      shipment: await ownShipment(req, { sellerId: principalOf(req).id }),
    }),
  );

  /** The shipment's answer when it is the caller's; 404 otherwise. */
  async function ownShipment(req: FastifyRequest, owner: { sellerId: string } | { userId: string }) {
    const id = (req.params as { id: string }).id;
    const mine =
      'sellerId' in owner ? eq(shipments.sellerId, owner.sellerId) : eq(shipments.userId, owner.userId);
    const [answer] = await answersOf(deps(req), and(eq(shipments.id, id), mine));
    if (!answer) throw notFound('Shipment not found');
    return answer;
  }

  app.post(
    '/api/seller/shipments/:id/pickup',
    { ...asSeller, schema: { ...one, params: shipmentParamsSchema } },
    async (req): Promise<OneShipmentAnswer> => ({
      success: true,
      shipment: await requestPickup(deps(req), principalOf(req).id, req.params.id),
    }),
  );

  app.post(
    '/api/seller/shipments/:id/events',
    { ...asSeller, schema: { ...one, params: shipmentParamsSchema, body: shipmentEventSchema } },
    async (req): Promise<OneShipmentAnswer> => {
      const sellerId = principalOf(req).id;
      const row = await ownShipment(req, { sellerId });
      if (row.provider !== 'self')
        throw conflict('Shiprocket reports this parcel\'s tracking: only "received back" is yours to mark');
      const at = req.body.at ? new Date(req.body.at) : new Date();
      if (at.getTime() > Date.now() + 5 * 60_000) throw badRequest('at must not be in the future', 'at');
      // Not before the parcel was booked: a delivery dated earlier would start the return window and
      // the seller's payout before the parcel even left.
      if (at.getTime() < new Date(row.createdAt).getTime() - 60_000)
        throw badRequest('at must not be before the parcel was booked', 'at');
      await applyEvent(deps(req), { sellerId }, req.params.id, {
        status: req.body.status,
        at,
        note: req.body.note ?? null,
        source: 'seller',
      });
      return { success: true, shipment: await shipmentAnswer(deps(req), req.params.id) };
    },
  );

  app.post(
    '/api/seller/shipments/:id/received-back',
    { ...asSeller, schema: { ...one, params: shipmentParamsSchema } },
    async (req): Promise<OneShipmentAnswer> => {
      const sellerId = principalOf(req).id;
      const row = await ownShipment(req, { sellerId });
      if (row.status === 'rto_delivered') throw conflict('This parcel is already marked received back');
      if (row.status !== 'rto_initiated') throw conflict('This parcel is not on its way back to you');
      await applyEvent(deps(req), { sellerId }, req.params.id, {
        status: 'rto_delivered',
        at: new Date(),
        note: 'Received back by the seller',
        source: 'seller',
      });
      return { success: true, shipment: await shipmentAnswer(deps(req), req.params.id) };
    },
  );

  app.get(
    '/api/seller/shipments/:id/label.pdf',
    { ...asSeller, schema: { params: shipmentParamsSchema } },
    async (req, reply) => {
      const sellerId = principalOf(req).id;
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.id, req.params.id), eq(shipments.sellerId, sellerId)));
      if (!row) throw notFound('Shipment not found');
      const pdf = await courierLabel(deps(req), row);
      // A self-shipped parcel prints the shop's own 4x6 label for its order.
      if (!pdf) return reply.redirect(`/api/seller/orders/${row.orderId}/label.pdf?size=4x6`);
      return sendDownload(reply, 'application/pdf', `label-${row.awb ?? row.id}.pdf`, pdf);
    },
  );

  app.get(
    '/api/seller/ndr',
    { ...asSeller, schema: { response: responses(ndrQueueAnswerSchema) } },
    async (req): Promise<NdrQueueAnswer> => {
      const rows = await ndrQueueRows(db, principalOf(req).id);
      if (rows.length === 0) return { success: true, shipments: [] };
      const answers = await answersOf(
        deps(req),
        inArray(
          shipments.id,
          rows.map((r) => r.id),
        ),
      );
      return {
        success: true,
        shipments: rows.map((r) => ({
          ...answers.find((a) => a._id === r.id)!,
          customerName: r.customerName,
          customerMobile: r.customerMobile,
          city: r.city,
          postalCode: r.postalCode,
        })),
      };
    },
  );

  app.get(
    '/api/seller/orders/:orderId/couriers',
    { ...asSeller, schema: { params: orderParamsSchema, response: responses(courierRatesAnswerSchema) } },
    async (req): Promise<CourierRatesAnswer> => {
      const api = app.deps.shiprocket;
      const sellerId = principalOf(req).id;
      const rows = await db
        .select({
          subCategory: orderItems.productSubCategory,
          category: orderItems.productCategory,
          quantity: orderItems.quantity,
          status: orderItems.status,
          postalCode: orders.postalCode,
          method: orders.paymentMethod,
          from: sellers.pickupPostalCode,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
        .where(and(eq(orderItems.orderId, req.params.orderId), eq(orderItems.sellerId, sellerId)));
      if (rows.length === 0) throw notFound('Order not found');
      if (!api) return { success: true, available: false, couriers: [] };
      const from = rows[0]!.from;
      if (!from) throw conflict('Add your pickup address before asking for courier rates');
      const pending = rows.filter((r) => r.status === 'pending');
      try {
        const quotes = await api.rates({
          from,
          to: rows[0]!.postalCode,
          weightGrams: parcelOf(pending.length > 0 ? pending : rows).weightGrams,
          cod: rows[0]!.method === 'cod',
        });
        return {
          success: true,
          available: true,
          couriers: quotes.map((q) => ({
            courierId: q.courierId,
            name: q.name,
            rate: q.ratePaise / 100,
            etdDays: q.etdDays,
            cod: q.cod,
          })),
        };
      } catch (err) {
        req.log.warn({ err }, 'Shiprocket rates failed');
        throw new AppError('BAD_GATEWAY', 'Shiprocket did not answer with courier rates; please try again');
      }
    },
  );

  app.get(
    '/api/user/orders/:orderId/shipments',
    { ...asUser, schema: { params: orderParamsSchema, response: responses(shipmentListAnswerSchema) } },
    async (req): Promise<ShipmentListAnswer> => {
      const userId = principalOf(req).id;
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, req.params.orderId), eq(orders.userId, userId)));
      if (!order) throw notFound('Order not found');
      return { success: true, shipments: await answersOf(deps(req), eq(shipments.orderId, order.id)) };
    },
  );

  app.get(
    '/api/user/shipments/:id',
    { ...asUser, schema: { ...one, params: shipmentParamsSchema } },
    async (req): Promise<OneShipmentAnswer> => ({
      success: true,
      shipment: await ownShipment(req, { userId: principalOf(req).id }),
    }),
  );

  app.post(
    '/api/user/shipments/:id/ndr',
    { ...asUser, schema: { ...one, params: shipmentParamsSchema, body: ndrAnswerSchema } },
    async (req): Promise<OneShipmentAnswer> => ({
      success: true,
      shipment: await answerNdr(deps(req), principalOf(req).id, req.params.id, req.body),
    }),
  );

  // Shiprocket's tracking webhook, authenticated by the token configured with it (`x-api-key`).
  // Shiprocket refuses webhook addresses containing its name, so the same handler also answers at
  // /api/webhooks/courier-tracking (ADR 025). It answers 200 to every authentic call, acted on or not.
  const webhook = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!webhookAuthorised(req, config.shipping.webhookToken)) {
      return reply
        .code(401)
        .send({ success: false, error: 'Unauthorized', errors: [{ msg: 'Unauthorized', path: '' }] });
    }
    const scan = scanOfWebhook(req.body);
    if (!scan) return { success: true, applied: false };
    const id = await shipmentIdByAwb(db, scan.awb);
    if (!id) return { success: true, applied: false };
    const applied = await applyEvent(deps(req), { shop: true }, id, {
      status: scan.status,
      at: scan.at,
      note: scan.note,
      source: 'shiprocket',
      key: scan.key,
    });
    return { success: true, applied };
  };
  app.post('/api/webhooks/shiprocket', webhook);
  app.post('/api/webhooks/courier-tracking', webhook);
}
