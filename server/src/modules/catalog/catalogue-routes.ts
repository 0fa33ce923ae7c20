import { PassThrough, type Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  type CatalogueImportAnswer,
  catalogueImportAnswerSchema,
  catalogueImportQuerySchema,
  errorBodySchema,
  responses,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import {
  answerOf,
  catalogueTemplateCsv,
  checkCatalogue,
  exportCatalogueCsv,
  type ImportPlan,
  readCatalogueCsv,
  runImport,
} from './catalogue-csv.ts';
import { PhotosZip } from './catalogue-zip.ts';

/** A CSV of thousands of rows is a few MB; the photos ZIP is the large part. */
const CSV_MAX_BYTES = 20 * 1024 * 1024;
const ZIP_MAX_BYTES = 100 * 1024 * 1024;
const BODY_LIMIT = ZIP_MAX_BYTES + CSV_MAX_BYTES + 1024 * 1024;
const NO_FILE = 'Choose the catalogue CSV in the form field "file"';
const tooLarge = (what: string, mb: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The ${what} must be at most ${mb} MB`, [
    { msg: `The ${what} must be at most ${mb} MB`, path: what === 'CSV' ? 'file' : 'photos' },
  ]);

/** The chunks of one uploaded file, refused (413) as soon as it passes `maxBytes`. */
async function* chunksOf(part: MultipartFile, maxBytes: number, what: string) {
  let bytes = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw tooLarge(what, maxBytes / 1024 / 1024);
    yield chunk;
  }
}

/**
 * Reads the multipart body: `file` (the CSV) is parsed as it streams in, `photos` (the ZIP) is read
 * whole (a ZIP's index is at its end). Either may come first; photos are checked once both are in.
 */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(NO_FILE, 'file');
  let zip: Buffer | null = null;
  let csv: Readable | null = null;
  let planned: Promise<ImportPlan> | null = null;
  const rows = new PassThrough();
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'photos') {
        const chunks: Buffer[] = [];
        for await (const chunk of chunksOf(part, ZIP_MAX_BYTES, 'photos ZIP')) chunks.push(chunk);
        zip = Buffer.concat(chunks);
      } else if (part.fieldname === 'file' && !csv) {
        csv = rows;
        // Photos are resolved after the whole body is read: parse now, check the photo names later.
        planned = readCatalogueCsv(rows);
        // The parser may have stopped early (too many rows); the rest is still counted.
        for await (const chunk of chunksOf(part, CSV_MAX_BYTES, 'CSV'))
          if (!rows.destroyed) rows.write(chunk);
        rows.end();
      } else await part.toBuffer();
    }
  } catch (err) {
    rows.destroy();
    await planned?.catch(() => undefined);
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge('photos ZIP', ZIP_MAX_BYTES / 1024 / 1024);
    throw badRequest('The upload could not be read', 'file');
  }
  if (!planned) throw badRequest(NO_FILE, 'file');
  const photos = zip ? PhotosZip.open(zip) : null;
  return { plan: await planned, photos };
}

/**
 * An upload refused half way (too large) still has the rest of its body on the way. It is read and
 * dropped, so the connection carries the next request (keep-alive) instead of stalling until the
 * request timeout answers 408 on it. Past what the route accepts at all, the connection is cut.
 */
function dropRestOfBody(req: FastifyRequest) {
  const raw = req.raw;
  raw.unpipe();
  if (raw.complete) return;
  let left = BODY_LIMIT;
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) raw.socket.destroy();
  });
  raw.resume();
}

/** Bulk catalogue (issue 23): the CSV template, a dry-run or all-or-nothing import, the export. */
export default async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const asSeller = { onRequest: requireRole('seller') };
  // Scoped to this plugin, like the media upload's.
  await app.register(multipart, {
    // One byte over the largest file, so chunksOf refuses it at once rather than busboy skipping the rest.
    limits: { fileSize: ZIP_MAX_BYTES + 1, files: 2, fields: 5, parts: 7, fieldSize: 1024 },
  });

  app.get('/api/seller/catalogue/template.csv', asSeller, async (_req, reply) =>
    sendCsv(reply, 'vastra-catalogue-template.csv', catalogueTemplateCsv()),
  );

  app.get('/api/seller/catalogue/export.csv', asSeller, async (req, reply) =>
    sendCsv(reply, 'vastra-catalogue.csv', await exportCatalogueCsv(db, principalOf(req).id)),
  );

  app.post(
    '/api/seller/catalogue/import',
    {
      ...asSeller,
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: catalogueImportQuerySchema,
        response: {
          ...responses(catalogueImportAnswerSchema),
          400: z.union([catalogueImportAnswerSchema, errorBodySchema]),
        },
      },
    },
    async (req, reply): Promise<CatalogueImportAnswer> => {
      const sellerId = principalOf(req).id;
      const { dryRun } = req.query;
      const { plan: read, photos } = await readUpload(req).catch((err) => {
        dropRestOfBody(req);
        throw err;
      });
      // The photo names are checked against the ZIP now that both parts are in.
      const plan = await checkCatalogue(db, sellerId, read, photos);
      if (plan.errors.length > 0) {
        if (!dryRun) reply.code(400);
        return answerOf(plan, dryRun);
      }
      if (!dryRun) await runImport(db, storage, sellerId, plan, photos, config.gstMode);
      return answerOf(plan, dryRun);
    },
  );
}
