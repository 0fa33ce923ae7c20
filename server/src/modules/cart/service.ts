import { MAX_LINE_QUANTITY } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { cartItems, products, productVariants } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isForeignKeyViolation } from '../../lib/pg-errors.ts';
import { accountGone } from '../accounts/index.ts';
import { isVisible, lineName } from '../catalog/index.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const CART_LINE_NOT_FOUND = 'This item is not in your cart';
export const SOLD_OUT = 'This product is sold out';
/** A product with several sizes was added without one (the original client shows this message). */
export const CHOOSE_SIZE = 'Please choose a size';
export const SIZE_NOT_FOUND = 'This size is not sold for this product';
const onlyLeft = (stock: number) => `Only ${stock} left in stock`;
/** The per-line maximum holds for the line's total, not only for one request's quantity. */
const lineFull = (held: number) =>
  `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart (you have ${held})`;

const addToCartStatement = namedStatement<
  {
    name: string | null;
    choices: number;
    variant_id: string | null;
    size: string | null;
    color: string | null;
    stock: number | null;
    id: string | null;
    quantity: number | null;
    held: number | null;
  },
  { userId: string; productId: string; variantId: string | null; quantity: number }
>(
  'add_to_cart',
  sql`
  with product as (
    select products.id, products.name from products join sellers on sellers.id = products.seller_id
    where products.id = ${sql.placeholder('productId')} and ${isVisible}
  ),
  -- The variant asked for, or every variant when none was named: exactly one may be taken.
  choice as (
    select v.id, v.stock, v.size, v.color from product_variants v join product on product.id = v.product_id
    where ${sql.placeholder('variantId')}::uuid is null or v.id = ${sql.placeholder('variantId')}::uuid
  ),
  variant as (
    select * from choice where (select count(*) from choice) = 1
  ),
  line as (
    insert into cart_items (user_id, product_id, variant_id, quantity)
    select ${sql.placeholder('userId')}::uuid, product.id, variant.id, ${sql.placeholder('quantity')}::int
    from product, variant
    where variant.stock >= ${sql.placeholder('quantity')}::int
    on conflict (user_id, variant_id) do update
      set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
      where cart_items.quantity + excluded.quantity
        <= least((select stock from variant), ${sql.raw(String(MAX_LINE_QUANTITY))})
    returning id, quantity
  )
  select product.name, (select count(*)::int from choice) as choices,
    variant.id as variant_id, variant.size, variant.color, variant.stock, line.id, line.quantity,
    (select quantity from cart_items
      where user_id = ${sql.placeholder('userId')} and variant_id = variant.id) as held
  from (select 1) as one left join product on true left join variant on true left join line on true
`,
);

/**
 * Adds `quantity` of one size (variant) of a product to the cart; adding it again adds to its line.
 * Without a variant the product's only one is meant, and a product with several sizes answers 400
 * CHOOSE_SIZE. One statement: the variant is read and the line inserted or raised only while the
 * total stays within its stock and MAX_LINE_QUANTITY, so two quick clicks cannot pass either (the
 * cart reserves nothing; the order takes stock). A refused raise changes nothing.
 * The route's guard has checked the account (it exists, is not suspended, the token predates no
 * password change); an account deleted since is refused by the line's foreign key.
 */
export async function addToCart(
  db: Db,
  userId: string,
  choice: { productId: string; variantId?: string },
  quantity: number,
) {
  const rows = await addToCartStatement(db, {
    userId,
    productId: choice.productId,
    variantId: choice.variantId ?? null,
    quantity,
  }).catch((err: unknown) => {
    // The account was deleted between this statement's snapshot and its insert.
    if (isForeignKeyViolation(err, 'cart_items_user_id_users_id_fk')) throw accountGone();
    throw err;
  });
  const [row] = rows;
  if (row?.name == null) throw notFound(PRODUCT_NOT_FOUND);
  if (row.variant_id == null || row.stock == null) {
    if (choice.variantId) throw notFound(SIZE_NOT_FOUND);
    throw badRequest(CHOOSE_SIZE, 'variantId');
  }
  if (row.stock <= 0) throw conflict(SOLD_OUT);
  if (row.id == null || row.quantity == null) {
    if (row.held != null && row.held + quantity > MAX_LINE_QUANTITY)
      throw badRequest(lineFull(row.held), 'quantity');
    const name = lineName(row.name, { size: row.size ?? '', color: row.color ?? '' });
    throw conflict(`${onlyLeft(row.stock)}; you cannot add more of "${name}"`);
  }
  return { id: row.id, quantity: row.quantity };
}

export interface QuantityChange {
  step?: 1 | -1;
  quantity?: number;
}

/** Sets a line's quantity (a ±1 step or an absolute value), kept between 1 and the stock on hand. */
export async function changeQuantity(db: Db, userId: string, lineId: string, change: QuantityChange) {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity, stock: productVariants.stock, status: products.status })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
      .for('update', { of: cartItems });
    if (!line) throw notFound(CART_LINE_NOT_FOUND);
    const next = change.quantity ?? line.quantity + (change.step ?? 0);
    if (next < 1) throw badRequest('Quantity must be at least 1', 'quantity');
    if (next > MAX_LINE_QUANTITY && next > line.quantity)
      throw badRequest(lineFull(line.quantity), 'quantity');
    // Lowering a quantity is always allowed (stock may have dropped below it since it was added).
    if (next > line.quantity && (line.status !== 'active' || next > line.stock)) {
      throw conflict(line.stock <= 0 || line.status !== 'active' ? SOLD_OUT : onlyLeft(line.stock));
    }
    await tx.update(cartItems).set({ quantity: next, updatedAt: new Date() }).where(eq(cartItems.id, lineId));
    return { quantity: next };
  });
}

/** Deletes one of the user's cart lines; false when the id is not a cart line of theirs. */
export async function removeCartLine(db: Db, userId: string, lineId: string): Promise<boolean> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}
