import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, products, productVariants, returns } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { colourOf, returnStock } from '../modules/catalog/index.ts';
import type { ReturnStep } from '../modules/mail/index.ts';
import { addExchangeItem, countUnitsBack } from '../modules/orders/index.ts';
import {
  moveReturn,
  RETURN_NOT_FOUND,
  type ReturnRow,
  refuseReturnMove,
  releaseHoldOnce,
  reopenReturn,
} from '../modules/returns/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { settleRefunds } from './owed-refunds.ts';
import { textReturnReceived } from './phone-messages.ts';
import { notifyReturn } from './return-mail.ts';
import { refundReturnedUnits } from './return-money.ts';

type ItemRow = typeof orderItems.$inferSelect;

interface Settled {
  step: ReturnStep;
  toSettle: string[];
}

/** The item, locked: its returned units and refunded paise change under this lock only. */
async function lockItem(tx: DbOrTx, itemId: string): Promise<ItemRow> {
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  return item!;
}

/** Puts an exchange's held size back on the shelf, once. */
async function releaseHeld(tx: DbOrTx, returnId: string) {
  const held = await releaseHoldOnce(tx, returnId);
  if (held?.variantId) await returnStock(tx, held.variantId, held.quantity);
}

/**
 * An exchange's new size ships as a new item of the same order at no charge (unit price, amount,
 * taxable value and tax 0), from the stock held since the request (the hold ends here, the stock is
 * not taken twice). It is the seller's next pending item: Confirm Shipment sends it. It gets no tax
 * invoice of its own: its shipment finds the order's invoice and leaves it unchanged.
 */
async function shipReplacement(tx: DbOrTx, ret: ReturnRow, item: ItemRow) {
  const held = await releaseHoldOnce(tx, ret.id);
  const [size] = held?.variantId
    ? await tx
        .select({ variant: productVariants, product: { color: products.color } })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(productVariants.id, held.variantId))
    : [];
  if (!size) throw conflict('The size asked for in exchange is no longer sold; an admin can refund it');
  const { variant } = size;
  return addExchangeItem(tx, { returnId: ret.id, quantity: ret.quantity }, item, {
    variantId: variant.id,
    size: variant.size,
    color: colourOf(variant, size.product),
  });
}

/**
 * A return's last step, in the caller's transaction, after its move to `received`: the units count
 * as back, and (when `restock`) go back on the shelf of the returned size, once; then an exchange
 * ships its new size (`exchanged`), or the money comes back with a credit note (`refunded`).
 * `refund` forces the refund, releasing an exchange's held size (an admin settling it).
 */
async function settle(
  tx: DbOrTx,
  deps: WorkflowDeps,
  ret: ReturnRow,
  opts: { unitsBack: boolean; restock: boolean; refund: boolean },
): Promise<Settled> {
  const now = new Date();
  const item = await lockItem(tx, ret.orderItemId);
  if (opts.unitsBack) await countUnitsBack(tx, item, ret.quantity);
  if (opts.restock && item.variantId) await returnStock(tx, item.variantId, ret.quantity);
  const admin = { admin: true } as const;
  if (ret.kind === 'exchange' && !opts.refund) {
    const exchangeItemId = await shipReplacement(tx, ret, item);
    await moveReturn(tx, admin, ret.id, {
      from: ['received'],
      to: 'exchanged',
      action: 'exchanged',
      set: { exchangeItemId, closedAt: now },
    });
    return { step: 'exchanged', toSettle: [] };
  }
  await releaseHeld(tx, ret.id);
  const money = await refundReturnedUnits(tx, deps, ret, item);
  await moveReturn(tx, admin, ret.id, {
    from: ['received'],
    to: 'refunded',
    action: 'refunded',
    set: {
      refundPaise: money.refundPaise,
      refundId: money.refundId,
      creditNoteId: money.creditNoteId,
      closedAt: now,
    },
  });
  return { step: 'refunded', toSettle: money.toSettle };
}

/** After the commit: online refunds through the provider (the sweep retries a failure), then e-mails. */
async function afterCommit(deps: WorkflowDeps, returnId: string, done: Settled, by: 'seller' | 'admin') {
  if (done.toSettle.length > 0) await settleRefunds(deps, done.toSettle);
  await notifyReturn(deps, returnId, done.step, by);
}

/**
 * Seller: the parcel is back (`approved → received`). In a condition to accept: restock, then refund
 * or exchange, in the same transaction as the move, so a double click or a second process finds it
 * done (409) and nothing happens twice. Not ok: the return closes as `received` with
 * `conditionOk = false`, no restock, no refund, an exchange's held size back on the shelf (an admin
 * may still settle it with a refund).
 */
export async function receiveReturn(
  deps: WorkflowDeps,
  sellerId: string,
  returnId: string,
  conditionOk: boolean,
) {
  const done = await deps.db.transaction(async (tx): Promise<Settled> => {
    const now = new Date();
    const ret = await moveReturn(tx, { sellerId }, returnId, {
      from: ['approved'],
      to: 'received',
      action: 'marked received',
      set: { conditionOk, receivedAt: now, closedAt: conditionOk ? null : now },
    });
    if (conditionOk) return settle(tx, deps, ret, { unitsBack: true, restock: true, refund: false });
    await countUnitsBack(tx, await lockItem(tx, ret.orderItemId), ret.quantity);
    await releaseHeld(tx, ret.id);
    return { step: 'closed', toSettle: [] };
  });
  await afterCommit(deps, returnId, done, 'seller');
  await textReturnReceived(deps, returnId);
}

/**
 * Admin: settle a return with a refund. From `approved` (the seller has not marked the parcel
 * received): as received in good condition, restocked, refunded, an exchange's held size released.
 * From `received` and closed not ok: overruling the seller, refunded without restock (the parcel
 * is back already, but not sellable).
 */
export async function refundReturnByAdmin(deps: WorkflowDeps, returnId: string) {
  const admin = { admin: true } as const;
  const done = await deps.db.transaction(async (tx): Promise<Settled> => {
    const now = new Date();
    const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
    if (!row) throw notFound(RETURN_NOT_FOUND);
    const decided = { decidedBy: 'admin' as const, decidedAt: now };
    if (row.status === 'approved') {
      const ret = await moveReturn(tx, admin, returnId, {
        from: ['approved'],
        to: 'received',
        action: 'refunded',
        set: { ...decided, conditionOk: true, receivedAt: now },
      });
      return settle(tx, deps, ret, { unitsBack: true, restock: true, refund: true });
    }
    if (row.status === 'received' && row.conditionOk === false) {
      const ret = await reopenReturn(tx, returnId, decided, now);
      return settle(tx, deps, ret, { unitsBack: false, restock: false, refund: true });
    }
    return refuseReturnMove(tx, admin, returnId, 'refunded', 'refunded');
  });
  await afterCommit(deps, returnId, done, 'admin');
}
