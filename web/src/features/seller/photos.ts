import type { ImageInput } from '@vastra/contracts';
import { CATALOG_LIMITS, IMAGE_MAX_BYTES } from '@vastra/contracts/constants';
import type { Product } from '../../lib/types.ts';
import { uploadImage } from './upload.ts';

/** One photo of the form's gallery: already on the server (`url`), or a chosen file not yet uploaded. */
export interface Photo {
  key: string;
  url?: string;
  public_id?: string;
  file?: File;
  /** Object URL of the chosen file, for its preview. */
  preview?: string;
  alt: string;
  /** Upload progress in percent while (and after) it uploads; null before. */
  progress: number | null;
}

let counter = 0;
const nextKey = () => `photo-${++counter}`;

/** The gallery of a product being edited. */
export const photosOf = (p: Pick<Product, 'images'>): Photo[] =>
  p.images.map((i) => ({ key: nextKey(), url: i.url, public_id: i.public_id, alt: i.alt, progress: null }));

/** Adds chosen files (up to the limit); answers the new list and a problem to show, if any. */
export function addFiles(photos: Photo[], files: File[]): { photos: Photo[]; problem?: string } {
  const room = CATALOG_LIMITS.images - photos.length;
  const tooBig = files.filter((f) => f.size > IMAGE_MAX_BYTES);
  const fitting = files.filter((f) => f.size <= IMAGE_MAX_BYTES).slice(0, Math.max(0, room));
  const added = fitting.map((file) => ({
    key: nextKey(),
    file,
    preview: URL.createObjectURL(file),
    alt: '',
    progress: null,
  }));
  const problem = tooBig.length
    ? `${tooBig.map((f) => f.name).join(', ')}: a photo must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`
    : files.length - tooBig.length > fitting.length
      ? `At most ${CATALOG_LIMITS.images} photos`
      : undefined;
  return { photos: [...photos, ...added], problem };
}

/** Moves photo `from` one place up (-1) or down (+1). */
export function movePhoto(photos: Photo[], from: number, by: -1 | 1): Photo[] {
  const to = from + by;
  if (to < 0 || to >= photos.length) return photos;
  const next = [...photos];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Makes a photo the cover (first). */
export const makeCover = (photos: Photo[], at: number): Photo[] => [
  photos[at]!,
  ...photos.filter((_, i) => i !== at),
];

/** Overall upload progress in percent of the photos being uploaded (null when none is). */
export function overallProgress(photos: Photo[]): number | null {
  const uploading = photos.filter((p) => p.progress !== null);
  if (uploading.length === 0) return null;
  return Math.round(uploading.reduce((sum, p) => sum + (p.progress ?? 0), 0) / uploading.length);
}

/**
 * Uploads every chosen file not yet uploaded, one after another, reporting each one's progress
 * through `update`; answers the gallery as the request sends it. An upload already done is not
 * repeated when the seller saves again after a refusal.
 */
export async function uploadPhotos(
  photos: Photo[],
  update: (key: string, change: Partial<Photo>) => void,
): Promise<ImageInput[]> {
  const images: ImageInput[] = [];
  for (const p of photos) {
    let { url, public_id } = p;
    if (!url && p.file) {
      update(p.key, { progress: 0 });
      const up = await uploadImage(p.file, (progress) => update(p.key, { progress }));
      ({ secure_url: url, public_id } = up);
      update(p.key, { url, public_id, progress: 100 });
    }
    if (url) images.push({ url, public_id, alt: p.alt.trim() });
  }
  return images;
}
