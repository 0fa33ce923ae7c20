import { PassThrough, type Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  type CatalogueImportAnswer,
  catalogueImportAnswerSchema,
  catalogueImportQuerySchema,
  errorBodySchema,
  IMAGE_MAX_BYTES,
  responses,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unzipSync } from 'fflate';
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
  type PhotoFiles,
  photoKey,
  readCatalogueCsv,
  runImport,
} from './catalogue-csv.ts';

/** A CSV of thousands of rows is a few MB; the photos ZIP is the large part. */
const CSV_MAX_BYTES = 20 * 1024 * 1024;
const ZIP_MAX_BYTES = 100 * 1024 * 1024;
const NO_FILE = 'Choose the catalogue CSV in the form field "file"';
const tooLarge = (what: string, mb: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The ${what} must be at most ${mb} MB`, [
    { msg: `The ${what} must be at most ${mb} MB`, path: what === 'CSV' ? 'file' : 'photos' },
  ]);

/** At most this many photos in one ZIP, each at most as large as one uploaded photo (IMAGE_MAX_BYTES). */
const MAX_ZIP_PHOTOS = 5000;

/**
 * The photos ZIP's images by file name (folders ignored); anything else in it is left out. A photo
 * said to unpack larger than an upload may be stays packed (no ZIP bomb is inflated), and a ZIP of
 * more than MAX_ZIP_PHOTOS photos is refused.
 */
function unzipPhotos(zip: Buffer): PhotoFiles {
  let files: Record<string, Uint8Array>;
  let count = 0;
  try {
    files = unzipSync(new Uint8Array(zip), {
      filter: (f) => {
        const photo =
          !f.name.endsWith('/') && !f.name.startsWith('__MACOSX') && /\.(jpe?g|png|webp)$/i.test(f.name);
        if (photo) count++;
        return photo && f.originalSize <= IMAGE_MAX_BYTES && count <= MAX_ZIP_PHOTOS;
      },
    });
  } catch {
    throw badRequest('The photos file is not a ZIP that can be read', 'photos');
  }
  if (count > MAX_ZIP_PHOTOS) throw badRequest(`At most ${MAX_ZIP_PHOTOS} photos in one ZIP`, 'photos');
  return new Map(
    Object.entries(files)
      // An entry that inflated past what it declared is left out too.
      .filter(([, bytes]) => bytes.length <= IMAGE_MAX_BYTES)
      .map(([name, bytes]) => [photoKey(name), bytes]),
  );
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
        zip = await part.toBuffer();
        if (part.file.truncated) throw tooLarge('photos ZIP', ZIP_MAX_BYTES / 1024 / 1024);
      } else if (part.fieldname === 'file' && !csv) {
        csv = rows;
        // Photos are resolved after the whole body is read: parse now, check the photo names later.
        planned = readCatalogueCsv(rows);
        let bytes = 0;
        for await (const chunk of part.file) {
          bytes += (chunk as Buffer).length;
          if (bytes > CSV_MAX_BYTES) throw tooLarge('CSV', CSV_MAX_BYTES / 1024 / 1024);
          rows.write(chunk);
        }
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
  const photos = zip ? unzipPhotos(zip) : null;
  return { plan: await planned, photos };
}

/** Bulk catalogue (issue 23): the CSV template, a dry-run or all-or-nothing import, the export. */
export default async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const asSeller = { onRequest: requireRole('seller') };
  // Scoped to this plugin, like the media upload's.
  await app.register(multipart, {
    limits: { fileSize: ZIP_MAX_BYTES, files: 2, fields: 5, parts: 7, fieldSize: 1024 },
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
      bodyLimit: ZIP_MAX_BYTES + CSV_MAX_BYTES + 1024 * 1024,
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
      const { plan: read, photos } = await readUpload(req);
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
