import { MAX_LINE_QUANTITY } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { cartItems, products } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isForeignKeyViolation } from '../../lib/pg-errors.ts';
import {
  accountGone,
  type CustomerSession,
  issuedBeforeChangeSql,
  sessionInvalid,
} from '../accounts/index.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const CART_LINE_NOT_FOUND = 'This item is not in your cart';
export const SOLD_OUT = 'This product is sold out';
const onlyLeft = (stock: number) => `Only ${stock} left in stock`;
/** The per-line maximum holds for the line's total, not only for one request's quantity. */
const lineFull = (held: number) =>
  `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart (you have ${held})`;

const addToCartStatement = namedStatement<
  {
    customer_found: boolean;
    revoked: boolean | null;
    name: string | null;
    stock: number | null;
    id: string | null;
    quantity: number | null;
    held: number | null;
  },
  { userId: string; productId: string; quantity: number; issuedAtMs: number }
>(
  'add_to_cart',
  sql`
  with customer as (
    select id, ${issuedBeforeChangeSql(sql`password_changed_at`)} as revoked
    from users where id = ${sql.placeholder('userId')}
  ),
  product as (
    select p.id, p.name, p.stock from products p join sellers s on s.id = p.seller_id
    where p.id = ${sql.placeholder('productId')} and p.status = 'active' and s.status = 'active'
  ),
  line as (
    insert into cart_items (user_id, product_id, quantity)
    select c.id, product.id, ${sql.placeholder('quantity')}::int from product, customer c
    where not c.revoked and product.stock >= ${sql.placeholder('quantity')}::int
    on conflict (user_id, product_id) do update
      set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
      where cart_items.quantity + excluded.quantity
        <= least((select stock from product), ${sql.raw(String(MAX_LINE_QUANTITY))})
    returning id, quantity
  )
  select exists (select 1 from customer) as customer_found, (select revoked from customer) as revoked,
    product.name, product.stock, line.id, line.quantity,
    (select quantity from cart_items
      where user_id = ${sql.placeholder('userId')} and product_id = ${sql.placeholder('productId')}) as held
  from (select 1) as one left join product on true left join line on true
`,
);

/**
 * Adds `quantity` of a product to the cart; adding a product already there adds to its line. One
 * statement: the product is read and the line inserted or raised only while the total stays within
 * the stock and MAX_LINE_QUANTITY, so two quick clicks cannot pass either (the cart reserves
 * nothing; the order takes stock). A refused raise changes nothing.
 * The same statement checks that the customer's account still exists and that the token predates no
 * password change (the route reads no account row).
 */
export async function addToCart(db: Db, customer: CustomerSession, productId: string, quantity: number) {
  const userId = customer.id;
  const rows = await addToCartStatement(db, {
    userId,
    productId,
    quantity,
    issuedAtMs: customer.issuedAtMs,
  }).catch((err: unknown) => {
    // The account was deleted between this statement's snapshot and its insert.
    if (isForeignKeyViolation(err, 'cart_items_user_id_users_id_fk')) throw accountGone();
    throw err;
  });
  const [row] = rows;
  if (!row?.customer_found) throw accountGone();
  if (row.revoked) throw sessionInvalid();
  if (row.name == null || row.stock == null) throw notFound(PRODUCT_NOT_FOUND);
  if (row.stock <= 0) throw conflict(SOLD_OUT);
  if (row.id == null || row.quantity == null) {
    if (row.held != null && row.held + quantity > MAX_LINE_QUANTITY)
      throw badRequest(lineFull(row.held), 'quantity');
    throw conflict(`${onlyLeft(row.stock)}; you cannot add more of "${row.name}"`);
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
      .select({ quantity: cartItems.quantity, stock: products.stock, status: products.status })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
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
