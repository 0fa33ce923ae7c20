import {
  couponListQuerySchema,
  couponPageSchema,
  couponPatchSchema,
  couponSchema,
  errorResponses,
  newCouponSchema,
  newSaleEventSchema,
  responses,
  saleEventChangeSchema,
  saleEventListSchema,
  saleEventSchema,
  salePricesInputSchema,
  sellerSaleGridSchema,
  sellerSalePriceListSchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../lib/ids.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { createCoupon, listCoupons, setCouponActive } from './coupon-admin.ts';
import { changeSaleEvent, createSaleEvent, listSaleEvents, listSellerSaleEvents } from './sale-events.ts';
import { replaceSellerSalePrices, sellerSaleGrid } from './sale-prices.ts';

const eventParams = z.object({ id: idSchema('Sale event id') });
const couponParams = z.object({ id: idSchema('Coupon id') });
const created = <T extends z.ZodType>(schema: T) => ({ 201: schema, ...errorResponses });

const withTotal = <T extends { total: number }>(reply: FastifyReply, page: T) => {
  reply.header('x-total-count', String(page.total));
  return page;
};

/**
 * Offers (issue 36): the admin's sale events and coupons, and the seller's sale prices and own
 * coupons. Thin: parse, check the role, call the service (sale-events.ts, sale-prices.ts,
 * coupon-admin.ts). The cart's coupon and the sale prices at checkout are the cart's and orders'.
 */
export default async function offersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asAdmin = { onRequest: requireRole('admin') };
  const asSeller = { onRequest: requireRole('seller') };
  const minPercent = config.saleMinDiscountPercent;

  // --- the admin's sale events ---------------------------------------------------------------
  app.post(
    '/api/admin/sale-events',
    { ...asAdmin, schema: { body: newSaleEventSchema, response: created(saleEventSchema) } },
    async (req, reply) => {
      reply.status(201);
      return createSaleEvent(db, principalOf(req), req.body, new Date());
    },
  );
  app.get(
    '/api/admin/sale-events',
    { ...asAdmin, schema: { response: responses(saleEventListSchema) } },
    async () => listSaleEvents(db, new Date()),
  );
  app.patch(
    '/api/admin/sale-events/:id',
    {
      ...asAdmin,
      schema: { params: eventParams, body: saleEventChangeSchema, response: responses(saleEventSchema) },
    },
    async (req) => changeSaleEvent(db, principalOf(req), req.params.id, req.body, new Date()),
  );

  // --- the seller's sale prices --------------------------------------------------------------
  app.get(
    '/api/seller/sale-events',
    { ...asSeller, schema: { response: responses(saleEventListSchema) } },
    async (req) => listSellerSaleEvents(db, principalOf(req).id, new Date()),
  );
  app.get(
    '/api/seller/sale-events/:id/prices',
    { ...asSeller, schema: { params: eventParams, response: responses(sellerSaleGridSchema) } },
    async (req) => sellerSaleGrid(db, principalOf(req).id, req.params.id, minPercent, new Date()),
  );
  app.put(
    '/api/seller/sale-events/:id/prices',
    {
      ...asSeller,
      schema: {
        params: eventParams,
        body: salePricesInputSchema,
        response: responses(sellerSalePriceListSchema),
      },
    },
    async (req) =>
      replaceSellerSalePrices(db, principalOf(req).id, req.params.id, req.body.items, minPercent, new Date()),
  );

  // --- coupons -------------------------------------------------------------------------------
  const list = { querystring: couponListQuerySchema, response: responses(couponPageSchema) };
  const patch = { params: couponParams, body: couponPatchSchema, response: responses(couponSchema) };

  app.post(
    '/api/admin/coupons',
    { ...asAdmin, schema: { body: newCouponSchema, response: created(couponSchema) } },
    async (req, reply) => {
      reply.status(201);
      return createCoupon(db, req.body, { admin: principalOf(req) });
    },
  );
  app.get('/api/admin/coupons', { ...asAdmin, schema: list }, async (req, reply) =>
    withTotal(reply, await listCoupons(db, req.query)),
  );
  app.patch('/api/admin/coupons/:id', { ...asAdmin, schema: patch }, async (req) =>
    setCouponActive(db, req.params.id, req.body.active, { admin: principalOf(req) }),
  );

  app.post(
    '/api/seller/coupons',
    { ...asSeller, schema: { body: newCouponSchema, response: created(couponSchema) } },
    async (req, reply) => {
      reply.status(201);
      return createCoupon(db, req.body, { sellerId: principalOf(req).id });
    },
  );
  app.get('/api/seller/coupons', { ...asSeller, schema: list }, async (req, reply) =>
    withTotal(reply, await listCoupons(db, req.query, principalOf(req).id)),
  );
  app.patch('/api/seller/coupons/:id', { ...asSeller, schema: patch }, async (req) =>
    setCouponActive(db, req.params.id, req.body.active, { sellerId: principalOf(req).id }),
  );
}
