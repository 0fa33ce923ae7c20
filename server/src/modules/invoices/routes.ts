import {
  responses,
  type TaxDocument,
  type TaxDocumentAnswer,
  type TaxDocumentKind,
  taxDocumentAnswerSchema,
} from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { orders, taxDocuments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { idSchema } from '../../lib/ids.ts';
import { type Principal, principalOf, requireSignedIn } from '../accounts/index.ts';
import { asIssued, type StoredDocument } from './documents.ts';
import { pdfFileName, renderTaxDocumentPdf } from './pdf.ts';

const NOT_FOUND: Record<TaxDocumentKind, string> = {
  invoice: 'Invoice not found',
  credit_note: 'Credit note not found',
};

/**
 * The document if this caller may see it: the buyer of its order, its seller, or an admin. Anyone
 * else gets the same 404 as for a document that does not exist (its existence is not told).
 */
async function readDocument(
  db: DbOrTx,
  kind: TaxDocumentKind,
  id: string,
  caller: Principal,
): Promise<TaxDocument> {
  const [row] = await db
    .select({ document: taxDocuments.document, sellerId: taxDocuments.sellerId, buyerId: orders.userId })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.id, id), eq(taxDocuments.kind, kind)));
  const allowed =
    row &&
    (caller.role === 'admin' ||
      (caller.role === 'seller' && row.sellerId === caller.id) ||
      (caller.role === 'user' && row.buyerId === caller.id));
  if (!allowed) throw notFound(NOT_FOUND[kind]);
  return { _id: id, ...asIssued(row.document as StoredDocument) };
}

/** Tax invoices and credit notes, as JSON and as PDF (DESIGN §11). */
export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const params = z.object({ id: idSchema('Document id') });
  const paths: [string, TaxDocumentKind][] = [
    ['/api/invoices', 'invoice'],
    ['/api/credit-notes', 'credit_note'],
  ];
  const read = (req: FastifyRequest & { params: { id: string } }, kind: TaxDocumentKind) =>
    readDocument(db, kind, req.params.id, principalOf(req));

  for (const [base, kind] of paths) {
    app.get(
      `${base}/:id`,
      { onRequest: requireSignedIn, schema: { params, response: responses(taxDocumentAnswerSchema) } },
      async (req): Promise<TaxDocumentAnswer> => ({ success: true, document: await read(req, kind) }),
    );
    app.get(`${base}/:id/pdf`, { onRequest: requireSignedIn, schema: { params } }, async (req, reply) => {
      const document = await read(req, kind);
      const pdf = await renderTaxDocumentPdf(document);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdfFileName(document)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  }
}
