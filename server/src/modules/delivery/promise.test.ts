import { chargesFor, FREE_SHIPPING, promiseDates, taxOrder, zoneOf } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { findPlace, pincodeProblem } from './pincodes.ts';
import { codOffered, NO_PICKUP, promiseFor } from './promise.ts';

/**
 * The delivery promise's rules at fixed moments: zones from India Post's pincodes, working days that
 * skip Sundays and holidays, the seller's cut-off hour (IST), and the charges taxed with the goods.
 */

const delivery = loadConfig({ DATABASE_URL: '', DELIVERY_HOLIDAYS: '2026-12-25' }).delivery;
const place = (pincode: string) => {
  const p = findPlace(pincode);
  if (!p) throw new Error(`no pincode ${pincode}`);
  return p;
};
/** A moment given in India's time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const seller = (pincode: string | null, dispatchDays = 2, cutoffHour = 14) => ({
  pickupPostalCode: pincode,
  dispatchDays,
  cutoffHour,
});

describe('the pincode directory', () => {
  it('knows districts, states and metros', () => {
    expect(place('560001')).toMatchObject({ district: 'Bengaluru Urban', state: 'Karnataka', metro: true });
    expect(place('110001')).toMatchObject({ state: 'Delhi', metro: true });
    expect(place('799001')).toMatchObject({ state: 'Tripura', metro: false });
    expect(place('570001')).toMatchObject({ state: 'Karnataka', metro: false });
    expect(findPlace('999999')).toBeUndefined();
    expect(findPlace('100000')).toBeUndefined();
  });

  it('finds a PIN code unknown or in another state than the address says', () => {
    expect(pincodeProblem('560001', 'Karnataka')).toBeUndefined();
    expect(pincodeProblem('560001', 'karnataka')).toBeUndefined();
    expect(pincodeProblem('560001', 'Kerala')).toBe(
      'PIN code 560001 is in Karnataka, not Kerala: please check the PIN code or the state',
    );
    expect(pincodeProblem('999999', 'Karnataka')).toBe('999999 is not a PIN code we know: please check it');
    // A free-text state the original client's profile may hold is not compared.
    expect(pincodeProblem('560001', 'KA')).toBeUndefined();
  });
});

describe('zones', () => {
  it('goes same city, same state, special, metro to metro, rest of India', () => {
    expect(zoneOf(place('560034'), place('560001'))).toBe('same_city');
    expect(zoneOf(place('560034'), place('570001'))).toBe('same_state');
    expect(zoneOf(place('560034'), place('799001'))).toBe('special');
    expect(zoneOf(place('190001'), place('560001'))).toBe('special');
    expect(zoneOf(place('560034'), place('400001'))).toBe('metro');
    expect(zoneOf(place('560034'), place('122001'))).toBe('rest_of_india');
  });
});

describe('promise dates', () => {
  // Mon 30 Nov 2026; transit by default: same city 1, same state 2, metro 3, rest 5, special 7.
  it('counts the dispatch days and the zone transit in working days from today before the cut-off', () => {
    const p = promiseFor(seller('560034'), place('560001'), delivery, ist('2026-11-30T10:00:00'));
    expect(p).toEqual({
      serviceable: true,
      zone: 'same_city',
      cod: true,
      days: 3,
      dispatchBy: '2026-12-02',
      deliverBy: '2026-12-03',
    });
  });

  it('starts tomorrow after the seller cut-off hour', () => {
    const before = promiseFor(seller('560034'), place('400001'), delivery, ist('2026-11-30T13:59:00'));
    const after = promiseFor(seller('560034'), place('400001'), delivery, ist('2026-11-30T14:00:00'));
    expect(before).toMatchObject({ zone: 'metro', dispatchBy: '2026-12-02', deliverBy: '2026-12-05' });
    expect(after).toMatchObject({ zone: 'metro', dispatchBy: '2026-12-03', deliverBy: '2026-12-07' });
    // A later cut-off keeps the same day.
    const late = promiseFor(seller('560034', 2, 18), place('400001'), delivery, ist('2026-11-30T17:00:00'));
    expect(late).toMatchObject({ dispatchBy: '2026-12-02' });
  });

  it('skips Sundays', () => {
    // Fri 4 Dec after the cut-off: the day starts Sat 5 Dec; 2 working days → Tue 8 Dec (Sun 6 skipped).
    const p = promiseFor(seller('560034'), place('570001'), delivery, ist('2026-12-04T16:00:00'));
    expect(p).toMatchObject({ zone: 'same_state', dispatchBy: '2026-12-08', deliverBy: '2026-12-10' });
    // An order on a Sunday starts on Monday.
    const sunday = promiseFor(seller('560034', 0), place('560001'), delivery, ist('2026-12-06T09:00:00'));
    expect(sunday).toMatchObject({ dispatchBy: '2026-12-07', deliverBy: '2026-12-08' });
  });

  it('skips the configured holidays', () => {
    // Wed 23 Dec: dispatch by Sat 26 (Fri 25 is a holiday), then 5 working days to Fri 1 Jan (Sun 27 skipped).
    const p = promiseFor(seller('560034'), place('122001'), delivery, ist('2026-12-23T09:00:00'));
    expect(p).toMatchObject({
      zone: 'rest_of_india',
      days: 7,
      dispatchBy: '2026-12-26',
      deliverBy: '2027-01-01',
    });
    const without = promiseDates(ist('2026-12-23T09:00:00'), 2, 5, { holidays: new Set(), cutoffHour: 14 });
    expect(without).toMatchObject({ dispatchBy: '2026-12-25', deliverBy: '2026-12-31' });
  });

  it('takes longest to the north-east, J&K and the islands, from the zone table in config', () => {
    const p = promiseFor(seller('560034'), place('799001'), delivery, ist('2026-11-30T10:00:00'));
    expect(p).toMatchObject({ zone: 'special', days: 9, deliverBy: '2026-12-10' });
    const faster = loadConfig({ DATABASE_URL: '', TRANSIT_DAYS: 'special:4' }).delivery;
    expect(promiseFor(seller('560034'), place('799001'), faster, ist('2026-11-30T10:00:00'))).toMatchObject({
      days: 6,
      deliverBy: '2026-12-07',
    });
  });

  it('promises no date without a pickup address, and nothing to an unserved pincode', () => {
    expect(promiseFor(seller(null), place('560001'), delivery, ist('2026-11-30T10:00:00'))).toEqual({
      serviceable: true,
      zone: null,
      reason: NO_PICKUP,
      cod: true,
      days: null,
      dispatchBy: null,
      deliverBy: null,
    });
    const closed = loadConfig({ DATABASE_URL: '', UNSERVICEABLE_PINCODES: '5600' }).delivery;
    expect(promiseFor(seller('560034'), place('560001'), closed, ist('2026-11-30T10:00:00'))).toMatchObject({
      serviceable: false,
      reason: 'We do not deliver to 560001 yet',
    });
  });

  it('offers COD except at the configured pincodes (the islands by default)', () => {
    expect(codOffered('560001', delivery)).toBe(true);
    expect(codOffered('744101', delivery)).toBe(false);
    expect(promiseFor(seller('560034'), place('744101'), delivery, ist('2026-11-30T10:00:00'))).toMatchObject(
      {
        serviceable: true,
        cod: false,
      },
    );
  });

  it('refuses a bad configuration when the server starts', () => {
    expect(() => loadConfig({ DATABASE_URL: '', DELIVERY_HOLIDAYS: '25-12-2026' })).toThrow(
      /DELIVERY_HOLIDAYS/,
    );
    expect(() => loadConfig({ DATABASE_URL: '', TRANSIT_DAYS: 'moon:3' })).toThrow(/TRANSIT_DAYS/);
    expect(() => loadConfig({ DATABASE_URL: '', NO_COD_PINCODES: '7a4' })).toThrow(/NO_COD_PINCODES/);
  });
});

describe('charges', () => {
  const settings = { freeAbovePaise: 99_900, feePaise: 4_900, codFeePaise: 2_500, feesTo: 'seller' as const };
  const line = (key: string, sellerId: string, unitPricePaise: number, hsn = '6205') => ({
    key,
    sellerId,
    unitPricePaise,
    quantity: 1,
    hsn,
  });

  it('charge a fee per seller shipment below the threshold and the COD fee once', () => {
    const shipments = [
      { sellerId: 'b', valuePaise: 50_000, ratePercent: 5 },
      { sellerId: 'a', valuePaise: 99_900, ratePercent: 18 },
    ];
    expect(chargesFor(shipments, settings, 'stripe')).toEqual([
      { kind: 'shipping', sellerId: 'b', feePaise: 4_900, ratePercent: 5 },
    ]);
    expect(chargesFor(shipments, settings, 'cod')).toEqual([
      { kind: 'shipping', sellerId: 'b', feePaise: 4_900, ratePercent: 5 },
      { kind: 'cod', sellerId: 'a', feePaise: 2_500, ratePercent: 18 },
    ]);
    expect(chargesFor(shipments, FREE_SHIPPING, 'cod')).toEqual([]);
  });

  it('in flat18 mode add 18% of goods and fees, rounded once', () => {
    // Goods Rs. 500.00 + Rs. 333.33 from one seller (below Rs. 999): fee Rs. 49 and COD fee Rs. 25.
    const taxed = taxOrder(
      'flat18',
      [line('v1', 's', 50_000), line('v2', 's', 33_333)],
      new Date('2026-11-30T05:00:00Z'),
      settings,
      'cod',
    );
    expect(taxed.subtotalPaise).toBe(83_333);
    expect(taxed.shippingPaise).toBe(4_900);
    expect(taxed.codFeePaise).toBe(2_500);
    // 18% of 907.33 = 163.3194 → Rs. 163.32
    expect(taxed.gstPaise).toBe(16_332);
    expect(taxed.totalPaise).toBe(83_333 + 4_900 + 2_500 + 16_332);
    expect(
      taxed.lines.reduce((n, l) => n + l.taxPaise, 0) + taxed.charges.reduce((n, c) => n + c.taxPaise, 0),
    ).toBe(16_332);
    expect(taxed.charges.map((c) => [c.kind, c.taxablePaise, c.taxPaise])).toEqual([
      ['shipping', 4_900, 882],
      ['cod', 2_500, 450],
    ]);
  });

  it('in india mode back the GST out of the fee at the shipment top rate', () => {
    // A Rs. 800 shirt (5%) and a Rs. 150 handkerchief (HSN 6213, 5%): Rs. 950 < Rs. 999, so Rs. 49 at 5%.
    const taxed = taxOrder(
      'india',
      [line('v1', 's', 80_000), line('v2', 's', 15_000, '6213')],
      new Date('2026-11-30T05:00:00Z'),
      settings,
      'stripe',
    );
    expect(taxed.charges).toEqual([
      {
        kind: 'shipping',
        sellerId: 's',
        feePaise: 4_900,
        ratePercent: 5,
        taxablePaise: 4_667,
        taxPaise: 233,
      },
    ]);
    // What the shopper pays: the goods at their prices plus the fee.
    expect(taxed.totalPaise).toBe(80_000 + 15_000 + 4_900);
    expect(taxed.shippingPaise).toBe(4_667);
  });
});
