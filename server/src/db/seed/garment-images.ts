import { IMAGE_DEFAULT_WIDTH, IMAGE_WIDTHS, SUB_CATEGORY_LABEL, type SubCategory } from '@vastra/contracts';
import type { MediaStorage } from '../../modules/media/index.ts';
import { renditionKey } from '../../modules/media/index.ts';

/**
 * Demo product pictures drawn at seed time (no downloads): a garment silhouette of the
 * sub-category in the product's colour, with the shop's mark and a label, stored through the
 * same storage driver and rendition widths as a seller's upload.
 */

/** Colour names the demo catalogue uses, with the fill drawn for each. */
export const GARMENT_COLORS = {
  Navy: '#1f3a6e',
  Maroon: '#7a1f2b',
  Mustard: '#d4a017',
  Olive: '#6b7a2f',
  White: '#f4f1ea',
  Black: '#232323',
  Teal: '#1b7f7a',
  Pink: '#e07aa0',
  Beige: '#d8c3a5',
  'Sky Blue': '#6fa8dc',
  Grey: '#8a8d91',
  Red: '#c0392b',
  Green: '#2e7d4f',
  Lavender: '#b39ddb',
  Peach: '#f4b183',
  Indigo: '#3f4fa0',
  Rust: '#b7472a',
  Charcoal: '#3b3b3b',
} as const;
export type GarmentColor = keyof typeof GARMENT_COLORS;

/** Outlines drawn in a 400×500 box (the 4:5 shape of product cards). */
const SILHOUETTE: Record<SubCategory, string> = {
  gentsShirt:
    'M140 70 L260 70 L340 115 L372 215 L322 230 L300 170 L300 440 L100 440 L100 170 L78 230 L28 215 L60 115 Z',
  gentsPant: 'M118 60 L282 60 L304 450 L226 450 L200 170 L174 450 L96 450 Z',
  gentsHoody:
    'M150 95 Q200 10 250 95 L340 130 L370 330 L325 338 L300 190 L300 445 L100 445 L100 190 L75 338 L30 330 L60 130 Z',
  girlsTop:
    'M150 80 L250 80 L300 105 L322 170 L285 180 L280 150 L292 410 L108 410 L120 150 L115 180 L78 170 L100 105 Z',
  LadiesPant: 'M130 60 L270 60 L328 450 L214 450 L200 180 L186 450 L72 450 Z',
  LadiesDress: 'M160 60 L240 60 L262 95 L248 190 L336 450 L64 450 L152 190 L138 95 Z',
  KidsWear: 'M150 140 L250 140 L312 178 L292 232 L262 216 L262 390 L138 390 L138 216 L108 232 L88 178 Z',
};

/** Details on top of the outline (collar, waistband, pocket…), drawn as light strokes. */
const DETAIL: Record<SubCategory, string> = {
  gentsShirt: 'M170 70 L200 110 L230 70 M200 110 L200 440',
  gentsPant: 'M118 90 L282 90 M200 90 L200 170',
  gentsHoody: 'M150 95 Q200 150 250 95 M140 330 L260 330 L245 390 L155 390 Z',
  girlsTop: 'M160 80 Q200 130 240 80',
  LadiesPant: 'M130 90 L270 90',
  LadiesDress: 'M152 190 L248 190 M170 60 Q200 100 230 60',
  KidsWear: 'M175 140 Q200 165 225 140',
};

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG of one picture, drawn at 1280×1600. */
export function garmentSvg(subCategory: SubCategory, color: GarmentColor): string {
  const fill = GARMENT_COLORS[color];
  const light = ['White', 'Beige', 'Peach', 'Lavender', 'Mustard', 'Sky Blue', 'Pink'].includes(color);
  const stroke = light ? '#6b6257' : '#ffffff';
  const label = escapeXml(`${SUB_CATEGORY_LABEL[subCategory]} · ${color}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="1600" viewBox="0 0 400 500">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#faf7f2"/><stop offset="1" stop-color="#ece5da"/></linearGradient></defs>
  <rect width="400" height="500" fill="url(#bg)"/>
  <ellipse cx="200" cy="462" rx="150" ry="10" fill="#000" opacity="0.08"/>
  <path d="${SILHOUETTE[subCategory]}" fill="${fill}" stroke="#00000033" stroke-width="2" stroke-linejoin="round"/>
  <path d="${DETAIL[subCategory]}" fill="none" stroke="${stroke}" stroke-opacity="0.55" stroke-width="3" stroke-linecap="round"/>
  <text x="20" y="32" font-family="DejaVu Serif, serif" font-size="18" font-weight="bold" fill="#8a5a2b">VASTRA</text>
  <text x="200" y="488" font-family="DejaVu Sans, sans-serif" font-size="15" text-anchor="middle" fill="#4a4038">${label}</text>
</svg>`;
}

/** Storage prefix (the public_id) of a demo picture: stable, so seeding again overwrites it. */
export const garmentImageId = (subCategory: SubCategory, color: GarmentColor) =>
  `seed/${subCategory.toLowerCase()}-${color.toLowerCase().replace(/\s+/g, '-')}`;

/** Draws and stores one picture in every rendition width; answers what a product row stores. */
export async function storeGarmentImage(
  storage: MediaStorage,
  subCategory: SubCategory,
  color: GarmentColor,
): Promise<{ imageUrl: string; imageId: string }> {
  const imageId = garmentImageId(subCategory, color);
  // Loaded when a picture is drawn (first start, seeding), not by every server start.
  const { default: sharp } = await import('sharp');
  // Render the vector once, then scale the bitmap: drawing text three times is the slow part.
  const { data, info } = await sharp(Buffer.from(garmentSvg(subCategory, color)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const webp = await sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      })
        .resize({ width })
        .webp({ quality: 78, effort: 2 })
        .toBuffer();
      await storage.put(renditionKey(imageId, width), webp, 'image/webp');
    }),
  );
  return { imageUrl: storage.urlFor(renditionKey(imageId, IMAGE_DEFAULT_WIDTH)), imageId };
}

/** Stores many pictures, a few at a time (the machine's cores are shared with the running shop). */
export async function storeGarmentImages(
  storage: MediaStorage,
  combos: Array<[SubCategory, GarmentColor]>,
  concurrency = 3,
): Promise<Map<string, { imageUrl: string; imageId: string }>> {
  const result = new Map<string, { imageUrl: string; imageId: string }>();
  const queue = [...combos];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      result.set(garmentImageId(...next), await storeGarmentImage(storage, ...next));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, combos.length) }, worker));
  return result;
}
