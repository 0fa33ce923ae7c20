import {
  type LedgerAnswer,
  ledgerAnswerSchema,
  monthQuerySchema,
  responses,
  type SellerBalanceAnswer,
  sellerBalanceAnswerSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ledgerEntries } from '../../db/schema.ts';
import { csvFile, rupeesText, sendCsv } from '../../lib/csv.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { sellerBalance } from './entries.ts';
import { ledgerOf } from './reports.ts';

type Entry = typeof ledgerEntries.$inferSelect;

const toEntry = (e: Entry) => ({
  _id: e.id,
  kind: e.kind,
  amount: paiseToRupees(e.amountPaise),
  orderItemId: e.orderItemId,
  returnId: e.returnId,
  payoutId: e.payoutId,
  settlesAt: e.settlesAt.toISOString(),
  date: e.createdAt.toISOString(),
});

/** A seller's money: balance, statement and its CSV; each seller sees only its own. */
export default async function ledgerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asSeller = { onRequest: requireRole('seller') };

  app.get(
    '/api/seller/balance',
    { ...asSeller, schema: { response: responses(sellerBalanceAnswerSchema) } },
    async (req): Promise<SellerBalanceAnswer> => {
      const { payablePaise, pendingPaise } = await sellerBalance(db, principalOf(req).id);
      return {
        success: true,
        payable: paiseToRupees(payablePaise),
        pending: paiseToRupees(pendingPaise),
        currency: 'INR',
      };
    },
  );

  app.get(
    '/api/seller/ledger',
    { ...asSeller, schema: { querystring: monthQuerySchema, response: responses(ledgerAnswerSchema) } },
    async (req): Promise<LedgerAnswer> => {
      const sellerId = principalOf(req).id;
      const [entries, balance] = await Promise.all([
        ledgerOf(db, sellerId, req.query.month),
        sellerBalance(db, sellerId),
      ]);
      return {
        success: true,
        entries: entries.map(toEntry),
        payable: paiseToRupees(balance.payablePaise),
        pending: paiseToRupees(balance.pendingPaise),
      };
    },
  );

  app.get(
    '/api/seller/ledger.csv',
    { ...asSeller, schema: { querystring: monthQuerySchema } },
    async (req, reply) => {
      const entries = await ledgerOf(db, principalOf(req).id, req.query.month);
      const csv = csvFile(
        ['date', 'kind', 'amount_inr', 'order_item_id', 'return_id', 'payout_id', 'settles_at'],
        entries.map((e) => [
          e.createdAt.toISOString(),
          e.kind,
          rupeesText(e.amountPaise),
          e.orderItemId,
          e.returnId,
          e.payoutId,
          e.settlesAt.toISOString(),
        ]),
      );
      return sendCsv(reply, `vastra-statement${req.query.month ? `-${req.query.month}` : ''}.csv`, csv);
    },
  );
}
