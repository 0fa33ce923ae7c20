import type { VariantInput } from '@vastra/contracts';
import {
  CATALOG_LIMITS,
  compareSizes,
  FREE_SIZE,
  type SubCategory,
  sizesFor,
} from '@vastra/contracts/constants';
import type { Product } from '../../lib/types.ts';

/** What the seller typed into one cell of the grid (one size in one colour). */
export interface CellValues {
  /** The variant this cell edits (edit screen); none for a new one. */
  id?: string;
  stock: string;
  price: string;
  mrp: string;
  sku: string;
}

/**
 * The size grid: the ticked sizes × the colours (none = one colour), and what was typed per cell.
 * Cells stay in `cells` when a size is unticked, so ticking it again brings its numbers back.
 */
export interface GridState {
  sizes: string[];
  colors: string[];
  cells: Record<string, CellValues>;
}

export interface GridRow extends CellValues {
  key: string;
  size: string;
  color: string;
}

export const EMPTY_GRID: GridState = { sizes: [], colors: [], cells: {} };
const EMPTY_CELL: CellValues = { stock: '', price: '', mrp: '', sku: '' };

export const cellKey = (size: string, color: string) => `${size}|${color}`;

/** The sizes offered for a sub-category (none until one is chosen). */
export const sizeOptions = (subCategory: string): readonly string[] =>
  subCategory ? sizesFor(subCategory as SubCategory) : [];

/** One row per ticked size × colour, sizes in size order, colours in the order added. */
export function rowsOf(grid: GridState): GridRow[] {
  const sizes = [...grid.sizes].sort(compareSizes);
  const colors = grid.colors.length > 0 ? grid.colors : [''];
  return sizes.flatMap((size) =>
    colors.map((color) => {
      const key = cellKey(size, color);
      return { key, size, color, ...EMPTY_CELL, ...grid.cells[key] };
    }),
  );
}

/** Ticks or unticks a size. */
export const toggleSize = (grid: GridState, size: string): GridState => ({
  ...grid,
  sizes: grid.sizes.includes(size) ? grid.sizes.filter((s) => s !== size) : [...grid.sizes, size],
});

/** Adds a colour chip (trimmed; the same colour twice, in any case, is ignored). */
export function addColor(grid: GridState, color: string): GridState {
  const c = color.trim().slice(0, CATALOG_LIMITS.color);
  if (!c || grid.colors.some((x) => x.toLowerCase() === c.toLowerCase())) return grid;
  return { ...grid, colors: [...grid.colors, c] };
}

export const removeColor = (grid: GridState, color: string): GridState => ({
  ...grid,
  colors: grid.colors.filter((c) => c !== color),
});

/** Changes one cell's value. */
export function setCell(grid: GridState, key: string, field: keyof Omit<CellValues, 'id'>, value: string) {
  return { ...grid, cells: { ...grid.cells, [key]: { ...EMPTY_CELL, ...grid.cells[key], [field]: value } } };
}

/** The "fill all" row: every value given (non-empty) is copied into every row shown. */
export function fillAll(
  grid: GridState,
  values: Partial<Pick<CellValues, 'stock' | 'price' | 'mrp'>>,
): GridState {
  const given = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const cells = { ...grid.cells };
  for (const row of rowsOf(grid)) cells[row.key] = { ...EMPTY_CELL, ...cells[row.key], ...given };
  return { ...grid, cells };
}

/** Keeps only the sizes the new sub-category offers. */
export const fitSizes = (grid: GridState, subCategory: string): GridState => ({
  ...grid,
  sizes: grid.sizes.filter((s) => sizeOptions(subCategory).includes(s)),
});

/** A row left entirely empty is a size/colour the seller does not sell (it is not sent). */
const isBlank = (r: CellValues) => [r.stock, r.price, r.mrp, r.sku].every((v) => v.trim() === '');

/** Problems of one row the browser can see, by field. */
export function rowErrors(r: GridRow): Partial<Record<'stock' | 'price' | 'mrp', string>> {
  if (isBlank(r)) return {};
  const e: Partial<Record<'stock' | 'price' | 'mrp', string>> = {};
  const stock = Number(r.stock);
  if (r.stock.trim() === '') e.stock = /*i18n*/ 'Stock is required';
  else if (!(Number.isInteger(stock) && stock >= 0)) e.stock = /*i18n*/ 'Whole number, 0 or more';
  const price = Number(r.price);
  if (r.price.trim() === '') e.price = /*i18n*/ 'Price is required';
  else if (!(price > 0)) e.price = /*i18n*/ 'More than 0';
  else if (Math.abs(Math.round(price * 100) - price * 100) > 1e-6) e.price = /*i18n*/ 'At most 2 decimals';
  if (r.mrp.trim() !== '') {
    const mrp = Number(r.mrp);
    if (!(mrp > 0)) e.mrp = /*i18n*/ 'More than 0';
    else if (price > 0 && mrp < price) e.mrp = /*i18n*/ 'Not below the price';
  }
  return e;
}

/** Whether the grid can be sent: at least one filled row and no row with a problem. */
export function gridReady(grid: GridState): boolean {
  const rows = rowsOf(grid);
  return rows.some((r) => !isBlank(r)) && rows.every((r) => Object.keys(rowErrors(r)).length === 0);
}

/** The `variants` of the request: every filled row, numbers as numbers. */
export function toVariants(grid: GridState): VariantInput[] {
  return rowsOf(grid)
    .filter((r) => !isBlank(r))
    .map((r) => ({
      ...(r.id ? { _id: r.id } : {}),
      size: r.size,
      color: r.color,
      ...(r.sku.trim() ? { sku: r.sku.trim() } : {}),
      stock: Number(r.stock),
      price: Number(r.price),
      mrp: r.mrp.trim() === '' ? null : Number(r.mrp),
    }));
}

/**
 * The grid of a product being edited. A product with one "Free Size" variant and no colour has
 * none: the form's single price and stock fields edit it (as the SPEC §7 payload does).
 */
export function gridOf(p: Pick<Product, 'variants'>): GridState {
  const vs = p.variants;
  if (vs.length === 0 || (vs.length === 1 && vs[0]!.size === FREE_SIZE && !vs[0]!.color)) return EMPTY_GRID;
  const colors = [...new Set(vs.map((v) => v.color).filter(Boolean))];
  const cells: Record<string, CellValues> = {};
  for (const v of vs)
    cells[cellKey(v.size, colors.length > 0 ? v.color : '')] = {
      id: v._id,
      stock: String(v.stock),
      // The seller edits its own price, never a sale price open now.
      price: String(v.regularPrice ?? v.price),
      mrp: v.mrp == null ? '' : String(v.mrp),
      sku: v.sku,
    };
  return { sizes: [...new Set(vs.map((v) => v.size))], colors, cells };
}
