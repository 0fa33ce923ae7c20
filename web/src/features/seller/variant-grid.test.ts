import { describe, expect, it } from 'vitest';
import { toSizeChart } from './size-chart.ts';
import {
  addColor,
  EMPTY_GRID,
  fillAll,
  fitSizes,
  gridOf,
  gridReady,
  removeColor,
  rowsOf,
  setCell,
  toggleSize,
  toVariants,
} from './variant-grid.ts';

const grid = (sizes: string[], colors: string[] = []) => {
  let g = EMPTY_GRID;
  for (const s of sizes) g = toggleSize(g, s);
  for (const c of colors) g = addColor(g, c);
  return g;
};

describe('the size grid', () => {
  it('has one row per size × colour, sizes in size order', () => {
    const rows = rowsOf(grid(['L', 'S', 'M'], ['Blue', 'Red']));
    expect(rows.map((r) => `${r.size}/${r.color}`)).toEqual([
      'S/Blue',
      'S/Red',
      'M/Blue',
      'M/Red',
      'L/Blue',
      'L/Red',
    ]);
    expect(rowsOf(grid(['M'])).map((r) => r.key)).toEqual(['M|']);
    expect(rowsOf(grid([], ['Blue']))).toEqual([]);
  });

  it('ignores a colour added twice and keeps typed numbers when a size is ticked again', () => {
    let g = addColor(grid(['M'], ['Blue']), ' blue ');
    expect(g.colors).toEqual(['Blue']);
    g = setCell(g, 'M|Blue', 'stock', '4');
    g = toggleSize(toggleSize(g, 'M'), 'M');
    expect(rowsOf(g)[0]).toMatchObject({ stock: '4' });
    expect(rowsOf(removeColor(g, 'Blue')).map((r) => r.key)).toEqual(['M|']);
  });

  it('fills every row with the values given, leaving the others as typed', () => {
    let g = setCell(grid(['S', 'M'], ['Blue', 'Red']), 'S|Red', 'price', '750');
    g = fillAll(g, { stock: '6', price: '', mrp: '1200' });
    expect(rowsOf(g).map((r) => [r.stock, r.price, r.mrp])).toEqual([
      ['6', '', '1200'],
      ['6', '750', '1200'],
      ['6', '', '1200'],
      ['6', '', '1200'],
    ]);
    expect(gridReady(g)).toBe(false);
    g = fillAll(g, { price: '999' });
    expect(gridReady(g)).toBe(true);
  });

  it('sends filled rows only, and unticks sizes the new sub-category lacks', () => {
    let g = setCell(grid(['M', '32']), 'M|', 'stock', '2');
    g = setCell(g, 'M|', 'price', '499');
    g = setCell(g, 'M|', 'sku', ' KRT-M ');
    expect(toVariants(g)).toEqual([{ size: 'M', color: '', sku: 'KRT-M', stock: 2, price: 499, mrp: null }]);
    expect(fitSizes(g, 'gentsShirt').sizes).toEqual(['M']);
  });

  it('opens a product’s variants with their ids, and none for a single Free Size', () => {
    const v = (size: string, color: string, stock: number) => ({
      _id: `id-${size}-${color}`,
      size,
      color,
      sku: `SKU-${size}`,
      stock,
      price: 999,
      mrp: null,
      regularPrice: 999,
    });
    expect(gridOf({ variants: [v('Free Size', '', 3)] })).toEqual(EMPTY_GRID);
    const g = gridOf({ variants: [v('M', 'Blue', 2), v('S', 'Blue', 1)] });
    expect(g.colors).toEqual(['Blue']);
    expect(toVariants(g)).toEqual([
      { _id: 'id-S-Blue', size: 'S', color: 'Blue', sku: 'SKU-S', stock: 1, price: 999, mrp: null },
      { _id: 'id-M-Blue', size: 'M', color: 'Blue', sku: 'SKU-M', stock: 2, price: 999, mrp: null },
    ]);
  });

  it('makes the size chart rows of the ticked sizes', () => {
    const chart = { measurements: ['Chest', 'Length'], cm: { M: ['102', ''], L: ['108'] } };
    expect(toSizeChart(chart, ['L', 'M'])).toEqual({
      measurements: ['Chest', 'Length'],
      rows: [
        { size: 'M', cm: [102, null] },
        { size: 'L', cm: [108, null] },
      ],
    });
    expect(toSizeChart({ measurements: [], cm: {} }, ['M'])).toBeNull();
  });
});
