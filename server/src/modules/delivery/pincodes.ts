import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findIndianState, type Place } from '@vastra/contracts';
import { REPO_ROOT } from '../../config.ts';

/**
 * India's pincodes (server/assets/pincodes.tsv.gz, derived from India Post's All India Pincode
 * Directory by scripts/pincodes.mjs; docs/decisions/024-delivery-promise.md): district, state(s) and
 * whether it is a metro, read once on first use (about 19,600 entries, a few MB).
 */
const FILE = path.join(REPO_ROOT, 'server/assets/pincodes.tsv.gz');

let directory: Map<string, Place> | undefined;

function load(): Map<string, Place> {
  const places = new Map<string, Place>();
  // One string per district and one list per set of states, shared by their pincodes (~750 and ~40).
  const shared = new Map<string, string>();
  const stateLists = new Map<string, readonly string[]>();
  const text = gunzipSync(readFileSync(FILE)).toString('utf8');
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [pincode, district, states, metro] = line.split('\t') as [string, string, string, string];
    if (!shared.has(district)) shared.set(district, district);
    let all = stateLists.get(states);
    if (!all) {
      all = states.split('|');
      stateLists.set(states, all);
    }
    places.set(pincode, {
      pincode,
      district: shared.get(district)!,
      state: all[0]!,
      states: all,
      metro: metro === '1',
    });
  }
  return places;
}

/** Where a pincode is; undefined when India Post knows no such pincode. */
export function findPlace(pincode: string): Place | undefined {
  directory ??= load();
  return directory.get(pincode.trim());
}

/** The shopper's words when an address's PIN code is unknown or in another state than it says. */
export const unknownPincode = (pincode: string) => `${pincode} is not a PIN code we know: please check it`;
export const pincodeElsewhere = (pincode: string, place: Place, state: string) =>
  `PIN code ${pincode} is in ${place.state}, not ${state}: please check the PIN code or the state`;

/**
 * Why an address's PIN code cannot be right (undefined when it can): unknown to India Post, or in
 * another state than the address names. A state that is not one of the 36 (the original client's
 * free-text profile) is not compared: the pincode alone is checked.
 */
export function pincodeProblem(pincode: string, state: string | undefined): string | undefined {
  const place = findPlace(pincode);
  if (!place) return unknownPincode(pincode);
  const named = state ? findIndianState(state) : undefined;
  if (named && !place.states.includes(named.name)) return pincodeElsewhere(pincode, place, named.name);
  return undefined;
}

/** Whether a pincode is on a comma-separated setting's list of pincodes and prefixes. */
export const listed = (pincode: string, entries: readonly string[]) =>
  entries.some((e) => pincode.startsWith(e));
