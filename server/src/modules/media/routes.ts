import { mkdirSync } from 'node:fs';
import multipart, { type MultipartFile } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { IMAGE_MAX_BYTES, responses, uploadAnswerSchema } from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { requireRole } from '../accounts/index.ts';
import { saveUploadedImage } from './images.ts';

const TOO_LARGE = 'The image must be at most 5 MB';
const NO_FILE = 'Choose an image to upload in the form field "file"';
export const STORAGE_DOWN = 'Image storage is unavailable right now. Please try again in a few minutes';

/** Reads the one uploaded file into memory, refusing oversize files before they are fully read. */
async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(NO_FILE, 'file');
  let part: MultipartFile | undefined;
  try {
    part = await req.file();
  } catch {
    throw badRequest('The upload could not be read', 'file');
  }
  if (part?.fieldname !== 'file') throw badRequest(NO_FILE, 'file');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, [{ msg: TOO_LARGE, path: 'file' }]);
    throw badRequest('The upload could not be read', 'file');
  }
}

/**
 * Media: sellers upload product photos (stored as WebP renditions through the storage driver) and
 * this process serves the local driver's files at /media with year-long caching (keys never change).
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const { storage } = app.deps;
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  const upload = { onRequest: requireRole('seller'), schema: { response: responses(uploadAnswerSchema) } };
  app.post('/api/media/upload', upload, async (req) => {
    const bytes = await readUploadedFile(req);
    try {
      return await saveUploadedImage(storage, bytes);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The bucket is down or refuses us (ADR 016): the upload fails clearly; the rest of the shop sells on.
      req.log.error({ err }, 'image storage unreachable; upload refused');
      throw new AppError('SERVICE_UNAVAILABLE', STORAGE_DOWN);
    }
  });

  if (storage.read && storage.proxied) {
    const read = storage.read.bind(storage);
    app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
      let object: Awaited<ReturnType<typeof read>>;
      try {
        object = await read(req.params['*']);
      } catch (err) {
        req.log.error({ err }, 'image storage unreachable; image not served');
        throw new AppError('SERVICE_UNAVAILABLE', STORAGE_DOWN);
      }
      if (!object) throw new AppError('NOT_FOUND', 'No such image');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.type(object.contentType);
      return reply.send(object.body);
    });
  }

  if (storage.localRoot) {
    mkdirSync(storage.localRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => pathName.endsWith('.webp'),
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
}
