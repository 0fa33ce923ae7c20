import {
  auditLogAnswerSchema,
  CATEGORIES,
  type CommissionsAnswer,
  commissionsAnswerSchema,
  commissionsSchema,
  hideProductSchema,
  okAnswerSchema,
  payoutAnswerSchema,
  payoutListAnswerSchema,
  payoutRequestSchema,
  payoutsDueAnswerSchema,
  requiredMonthQuerySchema,
  responses,
} from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { commissionRates } from '../../db/schema.ts';
import { csvFile, rupeesText, sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { idSchema } from '../../lib/ids.ts';
import { paiseToRupees, rupeesToPaise } from '../../lib/money.ts';
import { principalOf, setUserStatus } from '../accounts/index.ts';
import { hideProduct } from '../catalog/index.ts';
import { listPayouts, payoutsDue, recordPayout, tcsReport } from '../ledger/index.ts';
import { payoutMail } from '../mail/index.ts';
import { readAuditLog, recordAudit } from './audit.ts';

const toPayout = (p: Awaited<ReturnType<typeof listPayouts>>[number]) => ({
  _id: p.id,
  sellerId: p.sellerId,
  companyName: p.companyName,
  amount: paiseToRupees(p.amountPaise),
  reference: p.reference,
  date: p.createdAt.toISOString(),
});

async function readCommissions(db: DbOrTx, defaultBp: number): Promise<CommissionsAnswer> {
  const rows = await db.select().from(commissionRates);
  const of = (scope: 'category' | 'seller') =>
    Object.fromEntries(rows.filter((r) => r.scope === scope).map((r) => [r.key, r.rateBp / 100]));
  return {
    success: true,
    defaultPercent: defaultBp / 100,
    categories: of('category'),
    sellers: of('seller'),
  };
}

/**
 * The admin's money desk and the actions it takes: payouts against the sellers' ledgers, the TCS
 * report (GSTR-8 columns), commission rates, suspending shoppers, hiding a product with a reason,
 * the audit log. Every action is written to the audit log in its own transaction.
 */
export default async function adminMoneyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = app.deps;
  const idParams = (label: string) => z.object({ id: idSchema(label) });

  app.get(
    '/api/admin/payouts/due',
    { schema: { response: responses(payoutsDueAnswerSchema) } },
    async () => ({
      success: true as const,
      sellers: (await payoutsDue(db)).map((s) => ({
        sellerId: s.sellerId,
        companyName: s.companyName,
        gstin: s.gstin,
        verified: s.verified,
        payable: paiseToRupees(s.payablePaise),
        pending: paiseToRupees(s.pendingPaise),
      })),
    }),
  );

  app.post(
    '/api/admin/payouts',
    { schema: { body: payoutRequestSchema, response: responses(payoutAnswerSchema) } },
    async (req) => {
      const admin = principalOf(req);
      const made = await db.transaction(async (tx) => {
        const made = await recordPayout(tx, {
          sellerId: req.body.sellerId,
          amountPaise: rupeesToPaise(req.body.amount),
          reference: req.body.reference,
          idempotencyKey: req.body.idempotencyKey,
          adminId: admin.id,
        });
        if (!made.repeated)
          await recordAudit(
            tx,
            admin,
            'payout',
            { kind: 'seller', id: req.body.sellerId },
            {
              amount: req.body.amount,
              reference: req.body.reference,
            },
          );
        return made;
      });
      const { payout, repeated } = made;
      // The seller hears of a payout once: a repeated request (same key) made none. A mail that
      // cannot be recorded is logged; the payout stands.
      if (!made.repeated) {
        await mailer
          .send(
            payoutMail({
              sellerEmail: made.seller.email,
              sellerName: made.seller.fullName,
              amountPaise: payout.amountPaise,
              reference: payout.reference,
              paidAt: payout.createdAt,
              payablePaise: made.balanceAfter.payablePaise,
              pendingPaise: made.balanceAfter.pendingPaise,
              locale: made.seller.locale,
            }),
          )
          .catch((err) => req.log.error({ err, payoutId: payout.id }, 'payout e-mail not recorded'));
      }
      const [listed] = (await listPayouts(db, payout.sellerId)).filter((p) => p.id === payout.id);
      return { success: true as const, payout: toPayout(listed!), repeated };
    },
  );

  app.get('/api/admin/payouts', { schema: { response: responses(payoutListAnswerSchema) } }, async () => ({
    success: true as const,
    payouts: (await listPayouts(db)).map(toPayout),
  }));

  app.get(
    '/api/admin/tcs-report.csv',
    { schema: { querystring: requiredMonthQuerySchema } },
    async (req, reply) => {
      const rows = await tcsReport(db, req.query.month);
      const csv = csvFile(
        [
          'GSTIN of the supplier',
          'Trade name',
          'Gross value of supplies made',
          'Value of supplies returned',
          'Net amount liable for TCS',
          'Integrated tax',
          'Central tax',
          'State/UT tax',
        ],
        rows.map((r) => [
          r.gstin,
          r.companyName,
          rupeesText(r.grossPaise),
          rupeesText(r.returnsPaise),
          rupeesText(r.netPaise),
          rupeesText(r.igstPaise),
          rupeesText(r.cgstPaise),
          rupeesText(r.sgstPaise),
        ]),
      );
      return sendCsv(reply, `tcs-${req.query.month}.csv`, csv);
    },
  );

  app.get('/api/admin/commissions', { schema: { response: responses(commissionsAnswerSchema) } }, () =>
    readCommissions(db, config.commissionBp),
  );

  app.put(
    '/api/admin/commissions',
    { schema: { body: commissionsSchema, response: responses(commissionsAnswerSchema) } },
    async (req) => {
      const admin = principalOf(req);
      const changes: { scope: 'category' | 'seller'; key: string; percent: number | null }[] = [
        ...Object.entries(req.body.categories ?? {}).map(([key, percent]) => ({
          scope: 'category' as const,
          key,
          percent: percent ?? null,
        })),
        ...Object.entries(req.body.sellers ?? {}).map(([key, percent]) => ({
          scope: 'seller' as const,
          key: key.toLowerCase(),
          percent: percent ?? null,
        })),
      ];
      await db.transaction(async (tx) => {
        for (const c of changes) {
          if (c.scope === 'category' && !(CATEGORIES as readonly string[]).includes(c.key)) continue;
          if (c.percent === null) {
            await tx
              .delete(commissionRates)
              .where(and(eq(commissionRates.scope, c.scope), eq(commissionRates.key, c.key)));
          } else {
            const rateBp = Math.round(c.percent * 100);
            await tx
              .insert(commissionRates)
              .values({ scope: c.scope, key: c.key, rateBp })
              .onConflictDoUpdate({
                target: [commissionRates.scope, commissionRates.key],
                set: { rateBp, updatedAt: new Date() },
              });
          }
        }
        await recordAudit(tx, admin, 'commissions', { kind: 'commissions', id: 'rates' }, { changes });
      });
      return readCommissions(db, config.commissionBp);
    },
  );

  for (const [action, status] of [
    ['suspend', 'suspended'],
    ['reinstate', 'active'],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      { schema: { params: idParams('User id'), response: responses(okAnswerSchema) } },
      async (req) => {
        const admin = principalOf(req);
        await db.transaction(async (tx) => {
          await setUserStatus(tx, req.params.id, status);
          await recordAudit(tx, admin, `user.${action}`, { kind: 'user', id: req.params.id });
        });
        return { success: true as const };
      },
    );
  }

  app.post(
    '/api/admin/products/:id/hide',
    {
      schema: {
        params: idParams('Product id'),
        body: hideProductSchema,
        response: responses(okAnswerSchema),
      },
    },
    async (req) => {
      const admin = principalOf(req);
      await db.transaction(async (tx) => {
        if (!(await hideProduct(tx, req.params.id, req.body.reason))) throw notFound('Product not found');
        await recordAudit(
          tx,
          admin,
          'product.hide',
          { kind: 'product', id: req.params.id },
          { reason: req.body.reason },
        );
      });
      return { success: true as const };
    },
  );

  app.get('/api/admin/audit-log', { schema: { response: responses(auditLogAnswerSchema) } }, async () => ({
    success: true as const,
    entries: await readAuditLog(db),
  }));
}
