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

/** Back-view details: a yoke, a centre seam, back pockets, a hood lying flat… */
const BACK_DETAIL: Record<SubCategory, string> = {
  gentsShirt: 'M100 125 Q200 150 300 125 M200 125 L200 440',
  gentsPant: 'M118 90 L282 90 M130 120 L175 120 L175 160 L130 160 Z M225 120 L270 120 L270 160 L225 160 Z',
  gentsHoody: 'M150 95 Q200 40 250 95 Q235 180 200 185 Q165 180 150 95',
  girlsTop: 'M150 80 Q200 96 250 80 M200 96 L200 150',
  LadiesPant: 'M130 90 L270 90 M200 90 L200 180',
  LadiesDress: 'M152 190 L248 190 M200 60 L200 190',
  KidsWear: 'M150 140 Q200 150 250 140 M200 150 L200 390',
};

/**
 * The box (x, y, width, height in the 400×500 drawing, 4:5 like the card) a close-up zooms into:
 * the collar, waistband or neckline, where the stitching and the weave show.
 */
const CLOSE_UP: Record<SubCategory, string> = {
  gentsShirt: '120 50 160 200',
  gentsPant: '100 40 200 250',
  gentsHoody: '120 50 160 200',
  girlsTop: '120 60 160 200',
  LadiesPant: '100 40 200 250',
  LadiesDress: '120 40 160 200',
  KidsWear: '130 120 140 175',
};

/** The pictures a demo product can show: the front (its cover), the back, and a close-up. */
export const GARMENT_VIEWS = ['front', 'back', 'close-up'] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

/** One drawn picture: a garment of a sub-category, in a colour, seen from one side. */
export interface GarmentPicture {
  subCategory: SubCategory;
  color: GarmentColor;
  view: GarmentView;
}

/** Diagonal threads across the whole drawing, 4 units apart. */
const WEAVE = Array.from({ length: 225 }, (_, i) => `M${i * 4 - 500} 500 L${i * 4} 0`).join(' ');

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const LIGHT_COLORS: readonly string[] = [
  'White',
  'Beige',
  'Peach',
  'Lavender',
  'Mustard',
  'Sky Blue',
  'Pink',
];

/** The SVG of one picture, drawn at 1280×1600. */
export function garmentSvg(
  subCategory: SubCategory,
  color: GarmentColor,
  view: GarmentView = 'front',
): string {
  const fill = GARMENT_COLORS[color];
  const stroke = LIGHT_COLORS.includes(color) ? '#6b6257' : '#ffffff';
  const closeUp = view === 'close-up';
  const caption = view === 'front' ? color : `${color} · ${view}`;
  const label = escapeXml(`${SUB_CATEGORY_LABEL[subCategory]} · ${caption}`);
  const details = view === 'back' ? BACK_DETAIL[subCategory] : DETAIL[subCategory];
  // The close-up zooms in and shows the weave (fine diagonal threads clipped to the garment: an SVG
  // pattern fill takes librsvg seconds per picture) and a row of stitches; its labels stay full size.
  const weave = closeUp
    ? `<clipPath id="cut"><path d="${SILHOUETTE[subCategory]}"/></clipPath>
    <path d="${WEAVE}" clip-path="url(#cut)" stroke="${stroke}" stroke-opacity="0.15" stroke-width="0.6"/>
    <path d="${details}" fill="none" stroke="${stroke}" stroke-opacity="0.8" stroke-width="1" stroke-dasharray="2 2" transform="translate(3 3)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="1600" viewBox="0 0 400 500">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#faf7f2"/><stop offset="1" stop-color="#ece5da"/></linearGradient></defs>
  <rect width="400" height="500" fill="url(#bg)"/>
  <svg x="0" y="0" width="400" height="500" viewBox="${closeUp ? CLOSE_UP[subCategory] : '0 0 400 500'}">
    ${closeUp ? '' : '<ellipse cx="200" cy="462" rx="150" ry="10" fill="#000" opacity="0.08"/>'}
    <path d="${SILHOUETTE[subCategory]}" fill="${fill}" stroke="#00000033" stroke-width="2" stroke-linejoin="round"/>
    <path d="${details}" fill="none" stroke="${stroke}" stroke-opacity="0.55" stroke-width="3" stroke-linecap="round"/>
    ${weave}
  </svg>
  ${closeUp ? '<rect y="470" width="400" height="30" fill="#faf7f2" opacity="0.92"/>' : ''}
  <text x="20" y="32" font-family="DejaVu Serif, serif" font-size="18" font-weight="bold" fill="#8a5a2b">VASTRA</text>
  <text x="200" y="488" font-family="DejaVu Sans, sans-serif" font-size="15" text-anchor="middle" fill="#4a4038">${label}</text>
</svg>`;
}

/**
 * Storage prefix (the public_id) of a demo picture: stable, so seeding again overwrites it. The
 * front keeps the name it had before there were other views.
 */
export const garmentImageId = (subCategory: SubCategory, color: GarmentColor, view: GarmentView = 'front') =>
  `seed/${subCategory.toLowerCase()}-${color.toLowerCase().replace(/\s+/g, '-')}${view === 'front' ? '' : `-${view}`}`;

/** Draws and stores one picture in every rendition width; answers what a product row stores. */
export async function storeGarmentImage(
  storage: MediaStorage,
  { subCategory, color, view }: GarmentPicture,
): Promise<{ imageUrl: string; imageId: string }> {
  const imageId = garmentImageId(subCategory, color, view);
  // Loaded when a picture is drawn (first start, seeding), not by every server start.
  const { default: sharp } = await import('sharp');
  // Render the vector once, then scale the bitmap: drawing text three times is the slow part. The
  // picture is opaque, so three channels: resizing and encoding a fourth costs nearly double.
  const { data, info } = await sharp(Buffer.from(garmentSvg(subCategory, color, view)))
    .flatten()
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
  pictures: GarmentPicture[],
  concurrency = 3,
): Promise<Map<string, { imageUrl: string; imageId: string }>> {
  const result = new Map<string, { imageUrl: string; imageId: string }>();
  const queue = [...pictures];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      result.set(
        garmentImageId(next.subCategory, next.color, next.view),
        await storeGarmentImage(storage, next),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pictures.length) }, worker));
  return result;
}
