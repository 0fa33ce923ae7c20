import { inflateRaw } from 'node:zlib';
import { IMAGE_MAX_BYTES } from '@vastra/contracts';
import { AppError, badRequest } from '../../lib/errors.ts';

/** At most this many photos in one ZIP. */
const MAX_ZIP_PHOTOS = 5000;
/** The photos one CSV names, unpacked, together: twice the largest ZIP, as photos hardly pack. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** JPEG, PNG and WebP are packed already; deflate tops out near 1,000:1 on a ZIP bomb. */
const MAX_PACKING_RATIO = 100;
const MB = 1024 * 1024;

const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;

const NOT_A_ZIP = 'The photos file is not a ZIP that can be read';
const refuse = (msg: string) => badRequest(msg, 'photos');
const tooLarge = (msg: string) => new AppError('PAYLOAD_TOO_LARGE', msg, [{ msg, path: 'photos' }]);

/** How the CSV names a photo in the ZIP: without folders, case-insensitively. */
export const photoKey = (name: string) => (name.split('/').pop() ?? name).trim().toLowerCase();

const isPhotoName = (name: string) =>
  !name.endsWith('/') && !name.startsWith('__MACOSX') && /\.(jpe?g|png|webp)$/i.test(name);

/** One photo as the ZIP's central directory describes it (sizes in bytes, as declared). */
interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  packedSize: number;
  size: number;
  headerAt: number;
}

/**
 * The photos ZIP of a catalogue import. Only its central directory is read up front; a photo is
 * unpacked when the import asks for it, one at a time, and the photos the CSV does not name never
 * are. Sizes are checked as declared before anything is unpacked (`checkSizes`) and counted again
 * while unpacking (`read`), since a ZIP's headers may lie.
 */
export class PhotosZip {
  private constructor(
    private readonly zip: Buffer,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /** Reads the central directory; a file that is not a ZIP gets a 400. Nothing is unpacked. */
  static open(zip: Buffer): PhotosZip {
    const end = endOfDirectory(zip);
    if (end < 0) throw refuse(NOT_A_ZIP);
    const count = zip.readUInt16LE(end + 10);
    let at = zip.readUInt32LE(end + 16);
    const entries = new Map<string, ZipEntry>();
    for (let i = 0; i < count; i++) {
      if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) throw refuse(NOT_A_ZIP);
      const flags = zip.readUInt16LE(at + 8);
      const nameEnd = at + 46 + zip.readUInt16LE(at + 28);
      const next = nameEnd + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
      if (next > zip.length) throw refuse(NOT_A_ZIP);
      // Bit 11: the name is UTF-8; older tools write code page 437, the same as Latin-1 for ASCII.
      const name = zip.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, nameEnd);
      if (isPhotoName(name)) {
        entries.set(photoKey(name), {
          name,
          method: zip.readUInt16LE(at + 10),
          encrypted: (flags & 1) === 1,
          packedSize: zip.readUInt32LE(at + 20),
          size: zip.readUInt32LE(at + 24),
          headerAt: zip.readUInt32LE(at + 42),
        });
        if (entries.size > MAX_ZIP_PHOTOS) throw refuse(`At most ${MAX_ZIP_PHOTOS} photos in one ZIP`);
      }
      at = next;
    }
    return new PhotosZip(zip, entries);
  }

  has(name: string): boolean {
    return this.entries.has(photoKey(name));
  }

  /**
   * Refuses the photos the CSV names, before any is unpacked, when one would unpack past an
   * upload's 5 MB or all of them past MAX_UNPACKED_BYTES (413), or one is packed far tighter than
   * a photo can be (400: a ZIP bomb).
   */
  checkSizes(names: Iterable<string>) {
    let total = 0;
    for (const key of new Set([...names].map(photoKey))) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      if (entry.size > IMAGE_MAX_BYTES)
        throw tooLarge(
          `${entry.name} unpacks to more than ${IMAGE_MAX_BYTES / MB} MB; each photo must be at most ${IMAGE_MAX_BYTES / MB} MB`,
        );
      if (entry.size > MAX_PACKING_RATIO * Math.max(entry.packedSize, 1))
        throw refuse(
          `${entry.name} unpacks to more than ${MAX_PACKING_RATIO} times its packed size, which no photo does; the ZIP is refused`,
        );
      total += entry.size;
    }
    if (total > MAX_UNPACKED_BYTES)
      throw tooLarge(
        `The photos the CSV names must unpack to at most ${MAX_UNPACKED_BYTES / MB} MB together`,
      );
  }

  /**
   * One photo's bytes, unpacked now. zlib stops at the size the directory declared (checked by
   * `checkSizes`), so a photo whose header understates its size costs no more than it declared
   * and is refused.
   */
  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(photoKey(name));
    if (!entry) throw refuse(`${name} is not in the ZIP`);
    if (entry.encrypted || (entry.method !== STORED && entry.method !== DEFLATED))
      throw refuse(`${entry.name} is encrypted or packed in a way that cannot be read`);
    const zip = this.zip;
    const headerAt = entry.headerAt;
    if (headerAt + 30 > zip.length || zip.readUInt32LE(headerAt) !== LOCAL_HEADER) throw refuse(NOT_A_ZIP);
    const start = headerAt + 30 + zip.readUInt16LE(headerAt + 26) + zip.readUInt16LE(headerAt + 28);
    if (start + entry.packedSize > zip.length) throw refuse(NOT_A_ZIP);
    const packed = zip.subarray(start, start + entry.packedSize);
    let bytes: Buffer;
    try {
      bytes = entry.method === STORED ? packed : await inflateAtMost(packed, entry.size);
    } catch {
      bytes = Buffer.alloc(0);
    }
    if (bytes.length !== entry.size)
      throw refuse(`${entry.name} is damaged: it does not unpack to the size the ZIP declares`);
    return bytes;
  }
}

/** The end-of-central-directory record: the last 22 bytes, or earlier when a comment follows it. */
function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return -1;
}

/** Inflates raw deflate data; zlib fails as soon as the output would pass `maxBytes`. */
function inflateAtMost(packed: Buffer, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    inflateRaw(packed, { maxOutputLength: Math.max(maxBytes, 1) }, (err, out) =>
      err ? reject(err) : resolve(out),
    ),
  );
}
