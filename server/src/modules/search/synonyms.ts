/**
 * Words Indian shoppers use for the same garment, in English, Hinglish spellings and Hindi: typing
 * any word of a group also finds products named with the others ("trousers" finds "Palazzo
 * Pants", "tee" a "T-Shirt", "कुर्ता" a "Kurta"). Lower case; a term may be a hyphenated word (the
 * parser matches it as the product's word and its parts). One home for the list: add a group here.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['kurta', 'kurtas', 'kurti', 'kurtis', 'kurtha', 'कुर्ता', 'कुर्ती'],
  ['pant', 'pants', 'trouser', 'trousers', 'पैंट', 'पतलून'],
  ['tee', 'tees', 't-shirt', 't-shirts', 'tshirt', 'tshirts', 'टी-शर्ट'],
  ['shirt', 'shirts', 'कमीज़', 'कमीज', 'शर्ट'],
  ['jeans', 'jean', 'जींस'],
  ['pyjama', 'pyjamas', 'pajama', 'pajamas', 'payjama', 'पजामा', 'पायजामा'],
  ['salwar', 'shalwar', 'सलवार'],
  ['lehenga', 'lehnga', 'lahenga', 'लहंगा'],
  ['saree', 'sari', 'sarees', 'साड़ी'],
  ['dupatta', 'dupata', 'दुपट्टा'],
  ['dhoti', 'धोती'],
  ['sherwani', 'शेरवानी'],
  ['hoodie', 'hoody', 'hoodies', 'sweatshirt', 'हुडी'],
  ['frock', 'frocks', 'फ्रॉक'],
  ['dress', 'dresses', 'ड्रेस'],
  ['top', 'tops', 'टॉप'],
  ['gown', 'gowns', 'गाउन'],
  ['women', 'womens', 'ladies', 'lady', 'महिला', 'महिलाओं'],
  ['men', 'mens', 'gents', 'पुरुष'],
  ['kids', 'kid', 'children', 'child', 'बच्चे', 'बच्चों'],
  ['cotton', 'सूती'],
  ['silk', 'रेशम', 'रेशमी'],
];

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const term of group) GROUP_OF.set(term, group);

/** The other words for `word` (lower case), not counting itself; none when it has no group. */
export function synonymsOf(word: string): string[] {
  return (GROUP_OF.get(word) ?? []).filter((term) => term !== word);
}
