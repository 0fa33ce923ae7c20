import { type PromiseAnswer, type PromiseQuery, priceOf, shipmentFee } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants, sellers } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { paiseToRupees } from '../lib/money.ts';
import { isVisible, PRODUCT_NOT_FOUND, variantSalesSql } from '../modules/catalog/index.ts';
import {
  type CourierAnswer,
  findPlace,
  listed,
  promiseFor,
  readShippingSettings,
  unknownPincode,
} from '../modules/delivery/index.ts';
import type { CourierServiceability } from './courier-serviceability.ts';

export const CHOOSE_SIZE = 'This product comes in several sizes: send the variantId of the size';

/** The piece asked about, its seller's origin and its price now (a visible product only). */
async function readPiece(db: DbOrTx, query: PromiseQuery) {
  const rows = await db
    .select({
      variantId: productVariants.id,
      pricePaise: productVariants.pricePaise,
      sales: variantSalesSql(productVariants.id),
      sellerId: products.sellerId,
      pickupPostalCode: sellers.pickupPostalCode,
      dispatchDays: sellers.dispatchDays,
      cutoffHour: sellers.cutoffHour,
      sizes: sql<number>`(select count(*)::int from product_variants v where v.product_id = ${products.id})`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(
      and(
        query.variantId ? eq(productVariants.id, query.variantId) : eq(products.id, query.productId!),
        query.productId && query.variantId ? eq(products.id, query.productId) : undefined,
        isVisible,
      ),
    )
    .limit(1);
  if (rows.length === 0) throw notFound(PRODUCT_NOT_FOUND);
  if (!query.variantId && rows[0]!.sizes > 1) throw badRequest(CHOOSE_SIZE, 'variantId');
  return rows[0]!;
}

/**
 * `GET /api/delivery/promise`: when one piece of a product would reach a pincode ordered now, whether
 * COD is offered there, and the shipping fee of a shipment of that piece alone (the admin's settings
 * on its price now). An unknown pincode is a 400; one nobody serves is `serviceable: false` with why.
 * With a courier aggregator configured (`couriers`), its serviceability for the seller's route
 * decides (served, days in transit, COD); without one, or when it fails, the zone table does.
 */
export async function deliveryPromise(
  db: DbOrTx,
  config: Config,
  query: PromiseQuery,
  now = new Date(),
  couriers?: CourierServiceability,
): Promise<PromiseAnswer> {
  const place = findPlace(query.pincode);
  if (!place) throw badRequest(unknownPincode(query.pincode), 'pincode');
  const [piece, settings] = await Promise.all([readPiece(db, query), readShippingSettings(db)]);
  const from = piece.pickupPostalCode;
  let courier: CourierAnswer | undefined;
  // A pincode the shop does not serve is refused without asking; a seller with no pickup has no route.
  if (couriers && from && findPlace(from) && !listed(place.pincode, config.delivery.unserviceablePincodes))
    courier = await couriers.answer({ from, to: place.pincode, cod: false });
  const promise = promiseFor(piece, place, config.delivery, now, courier);
  const { pricePaise } = priceOf(piece, { now, signedIn: false });
  const base = {
    success: true as const,
    pincode: place.pincode,
    district: place.district,
    state: place.state,
    shippingFee: paiseToRupees(shipmentFee(pricePaise, settings)),
    freeAbove: settings.feePaise > 0 ? paiseToRupees(settings.freeAbovePaise) : null,
  };
  if (!promise.serviceable)
    return { ...base, serviceable: false, reason: promise.reason, cod: false, days: null, deliverBy: null };
  return {
    ...base,
    serviceable: true,
    ...(promise.zone === null ? { reason: promise.reason } : {}),
    cod: promise.cod,
    days: promise.days,
    deliverBy: promise.deliverBy,
  };
}
