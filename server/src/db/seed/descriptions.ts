import { FREE_SIZE, type SubCategory } from '@vastra/contracts';

/**
 * Product descriptions for the demo catalogue, put together from short sentence templates: the
 * fabric (taken from the garment's name when it says, e.g. "Linen"), the fit, an occasion and the
 * care. Two to four sentences, written for shoppers in India.
 */

/** A fabric the garment's name promises, checked in this order. */
const FABRIC_IN_NAME: Array<[RegExp, string]> = [
  [/Chikankari/, 'fine mulmul cotton with hand Chikankari embroidery from Lucknow'],
  [/Banarasi/, 'Banarasi art silk woven with zari motifs'],
  [/Kanjeevaram/, 'Kanjeevaram-style silk with a contrast temple border'],
  [/Chanderi/, 'Chanderi silk-cotton with a soft sheen'],
  [/Pattu/, 'silk-cotton with a woven zari border'],
  [/Khadi/, 'handspun, handwoven khadi cotton'],
  [/Linen/, 'pure linen that softens with every wash'],
  [/Jeans|Denim|Dungarees/, 'mid-weight cotton denim with a little stretch'],
  [/Corduroy/, 'fine-wale cotton corduroy'],
  [/Wool/, 'a warm Himalayan wool blend'],
  [/Sherpa/, 'cotton fleece lined with soft sherpa'],
  [/Ikat/, 'handwoven Ikat cotton from Telangana'],
  [/Kalamkari/, 'cotton hand-printed with Kalamkari motifs'],
  [/Bandhani|Tie-Dye/, 'cotton tie-dyed by hand, so no two pieces are quite alike'],
  [/Block Print/, 'cotton hand block-printed in Jaipur'],
  [/Handloom/, 'breathable handloom cotton'],
  [/Georgette/, 'light georgette with a cotton lining'],
  [/Rayon/, 'soft rayon that drapes well'],
  [/Oxford/, 'Oxford weave cotton'],
];

/** Fabrics for names that do not say. */
const FABRICS: Record<SubCategory, string[]> = {
  gentsShirt: ['soft combed cotton', 'a breathable cotton-linen blend', 'crisp cotton poplin'],
  gentsPant: ['cotton twill with a little stretch', 'a linen-cotton blend', 'poly-viscose suiting'],
  gentsHoody: ['brushed cotton fleece', 'loopknit French terry', 'a cotton-poly fleece'],
  girlsTop: ['pure cotton cambric', 'mulmul cotton', 'rayon crepe'],
  LadiesPant: ['cotton slub', 'stretch cotton lycra', 'viscose crepe'],
  LadiesDress: ['soft mulmul cotton', 'rayon crepe', 'cotton voile with a full lining'],
  KidsWear: ['soft cotton jersey', 'breathable cotton poplin', 'organic cotton interlock'],
};

const FITS: Record<SubCategory, string[]> = {
  gentsShirt: [
    'A regular fit with a curved hem that looks neat tucked in or left out.',
    'Cut slim through the chest and waist; take one size up for a relaxed look.',
  ],
  gentsPant: [
    'A mid-rise waist with belt loops and a tapered leg.',
    'Straight through the leg with room at the thigh; the hem can be shortened by any tailor.',
  ],
  gentsHoody: [
    'A relaxed fit with ribbed cuffs and a roomy front pocket.',
    'Drop shoulders and a boxy cut; size down for a closer fit.',
  ],
  girlsTop: [
    'A straight, easy fit that pairs with jeans, palazzos or a skirt.',
    'Gently flared from the bust with three-quarter sleeves.',
  ],
  LadiesPant: [
    'An elasticated waist with a drawstring and two side pockets.',
    'High-rise, with a flat front and a side zip.',
  ],
  LadiesDress: [
    'Fitted at the bodice and flared from the waist, with a back zip.',
    'A relaxed silhouette with side pockets and a tie belt.',
  ],
  KidsWear: [
    'Sized by age with a little room to grow; between sizes, pick the bigger one.',
    'Soft seams and easy buttons, so children can dress themselves.',
  ],
};

const FREE_SIZE_FIT = 'Free Size: a drawstring waist and a loose cut fit most sizes from S to XXL.';

const OCCASIONS = [
  'Easy to wear to college, the office or a family dinner.',
  'Light enough for humid summer days in Mumbai or Chennai.',
  'Dressy enough for a puja, a sangeet or Diwali at home.',
  'A comfortable pick for long train journeys and weekend trips.',
  'Made in small batches by weavers and tailors we work with directly.',
];

const CARE = [
  'Machine wash cold with similar colours and dry in the shade.',
  'Hand wash separately the first time, as natural dyes may bleed a little.',
  'Gentle machine wash, no bleach; iron on the reverse while slightly damp.',
  'Dry clean for the first wash, then hand wash in cold water.',
];

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

/** A 2–4 sentence description of one product. */
export function describeProduct(
  subCategory: SubCategory,
  garment: string,
  colors: string[],
  sizes: string[],
  random: () => number,
): string {
  const fabric = FABRIC_IN_NAME.find(([re]) => re.test(garment))?.[1] ?? pick(FABRICS[subCategory], random);
  const colorText =
    colors.length === 1
      ? colors[0]!.toLowerCase()
      : `${colors.slice(0, -1).join(', ').toLowerCase()} or ${colors.at(-1)!.toLowerCase()}`;
  const sentences = [`${garment} in ${colorText}, made from ${fabric}.`];
  if (sizes.includes(FREE_SIZE)) sentences.push(FREE_SIZE_FIT);
  else if (random() < 0.8) sentences.push(pick(FITS[subCategory], random));
  if (random() < 0.55) sentences.push(pick(OCCASIONS, random));
  sentences.push(pick(CARE, random));
  return sentences.join(' ');
}
