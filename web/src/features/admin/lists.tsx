import type { I18n } from '@lingui/core';
import type {
  AdminMessage,
  AdminOrder,
  AdminOrderItem,
  AdminProduct,
  AdminSeller,
  AdminUser,
} from '@vastra/contracts';
import { orderNumber } from '@vastra/contracts/constants';
import type { ReactNode } from 'react';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { tr, useI18n } from '../../lib/i18n.tsx';
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';
import { Link } from '../../lib/router.tsx';
import {
  ActionButton,
  type Ask,
  cancelItemAction,
  productActions,
  type RowAction,
  sellerActions,
  userActions,
  userStatusOf,
} from './row-actions.tsx';

/**
 * A column of an admin table: header and how a row fills the cell. A cell may hold buttons of its
 * own (an order's items each have theirs); `ask` opens their question.
 */
export interface Column<T> {
  label: string;
  cell: (row: T, ask: Ask, i18n: I18n) => ReactNode;
  className?: string;
}

export interface ListDef<T> {
  title: string;
  /** What the search matches, e.g. 'name, e-mail or phone'. */
  searchFields: string;
  columns: Column<T>[];
  /** What the admin can do to a row (none: no Action column). */
  actions?: (row: T, i18n: I18n) => RowAction[];
}

const pill = (ok: boolean, yes: string, no: string) => (
  <span className={`pill ${ok ? 'pill-ok' : 'pill-bad'}`}>{tr(ok ? yes : no)}</span>
);

const NOWRAP = 'cell-nowrap';

/** Where the money of an order stands, as the admin reads it. */
const PAYMENT: Record<AdminOrder['paymentStatus'], { label: string; pill: string }> = {
  awaiting_payment: { label: /*i18n*/ 'Awaiting payment', pill: 'pill-warn' },
  paid: { label: /*i18n*/ 'Paid', pill: 'pill-ok' },
  cod_due: { label: /*i18n*/ 'Due on delivery', pill: 'pill-warn' },
  cod_collected: { label: /*i18n*/ 'Collected on delivery', pill: 'pill-ok' },
  refunded: { label: /*i18n*/ 'Refunded', pill: '' },
  failed: { label: /*i18n*/ 'Failed', pill: 'pill-bad' },
};

const ITEM_STATUS: Record<AdminOrderItem['status'], string> = {
  awaiting_payment: /*i18n*/ 'awaiting payment',
  awaiting_confirmation: /*i18n*/ 'awaiting confirmation',
  pending: /*i18n*/ 'pending',
  shipped: /*i18n*/ 'shipped',
  delivered: /*i18n*/ 'delivered',
  cancelled: /*i18n*/ 'cancelled',
  rto: /*i18n*/ 'returned to seller',
};

const sellers: ListDef<AdminSeller> = {
  title: /*i18n*/ 'Sellers',
  searchFields: /*i18n*/ 'name, company, e-mail or phone',
  columns: [
    { label: /*i18n*/ 'Name', cell: (s) => s.fullName, className: 'cell-name' },
    { label: /*i18n*/ 'Company', cell: (s) => s.companyName },
    { label: /*i18n*/ 'Email', cell: (s) => s.email },
    { label: /*i18n*/ 'Phone', cell: (s) => `+91 ${s.mobile}`, className: NOWRAP },
    { label: /*i18n*/ 'Products', cell: (s) => s.productCount },
    { label: /*i18n*/ 'Joined', cell: (s) => formatDate(s.date), className: NOWRAP },
    {
      label: /*i18n*/ 'Status',
      cell: (s) => pill(s.status === 'active', /*i18n*/ 'Active', /*i18n*/ 'Suspended'),
      className: NOWRAP,
    },
  ],
  actions: sellerActions,
};

const users: ListDef<AdminUser> = {
  title: /*i18n*/ 'Users',
  searchFields: /*i18n*/ 'name, e-mail, phone or city',
  columns: [
    { label: /*i18n*/ 'Name', cell: (u) => u.fullName, className: 'cell-name' },
    { label: /*i18n*/ 'Email', cell: (u) => u.email },
    { label: /*i18n*/ 'Phone', cell: (u) => `+91 ${u.mobile}`, className: NOWRAP },
    { label: /*i18n*/ 'City', cell: (u) => [u.city, u.state].filter(Boolean).join(', ') },
    { label: /*i18n*/ 'Orders', cell: (u) => u.orderCount },
    { label: /*i18n*/ 'Joined', cell: (u) => formatDate(u.date), className: NOWRAP },
    {
      label: /*i18n*/ 'Status',
      className: NOWRAP,
      cell: (u) => {
        const status = userStatusOf(u);
        return status ? pill(status === 'active', /*i18n*/ 'Active', /*i18n*/ 'Suspended') : null;
      },
    },
  ],
  actions: userActions,
};

const products: ListDef<AdminProduct> = {
  title: /*i18n*/ 'Products',
  searchFields: /*i18n*/ 'product, brand or seller',
  columns: [
    {
      label: /*i18n*/ 'Image',
      cell: (p) => (
        <img
          className="thumb"
          alt=""
          loading="lazy"
          width={56}
          height={56}
          {...imageProps(p.image, '56px')}
        />
      ),
    },
    {
      label: /*i18n*/ 'Name',
      className: 'cell-name',
      cell: (p) =>
        p.status === 'active' ? <Link to={productPath(p._id)}>{p.productName}</Link> : p.productName,
    },
    { label: /*i18n*/ 'Seller', cell: (p) => p.companyName },
    { label: /*i18n*/ 'Price', cell: (p) => formatRupees(p.price), className: NOWRAP },
    { label: /*i18n*/ 'Stock', cell: (p) => p.stockQuantity },
    { label: /*i18n*/ 'Added', cell: (p) => formatDate(p.date), className: NOWRAP },
    {
      label: /*i18n*/ 'Status',
      className: NOWRAP,
      cell: (p) => <ProductStatus p={p} />,
    },
  ],
  actions: productActions,
};

const orders: ListDef<AdminOrder> = {
  title: /*i18n*/ 'Orders',
  searchFields: /*i18n*/ 'customer, e-mail, city or order id',
  columns: [
    { label: /*i18n*/ 'Date', cell: (o) => formatDate(o.date), className: NOWRAP },
    {
      label: /*i18n*/ 'Order',
      cell: (o) => (
        <span className="mono" title={o._id}>
          {orderNumber(o._id)}
        </span>
      ),
    },
    {
      label: /*i18n*/ 'Customer',
      cell: (o) => o.customerName ?? tr(/*i18n*/ 'Deleted account'),
      className: 'cell-name',
    },
    {
      label: /*i18n*/ 'Items',
      cell: (o, ask, i18n) => (
        <ul className="cell-list">
          {o.items.map((i) => {
            const cancel = cancelItemAction(o, i, i18n);
            return (
              <li key={i._id}>
                {i.productName} × {i.quantity}{' '}
                <span className="muted">
                  ({i.companyName}, {i18n._(ITEM_STATUS[i.status])})
                </span>
                {cancel && (
                  <>
                    {' '}
                    <ActionButton action={cancel} ask={ask} />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ),
    },
    {
      label: /*i18n*/ 'Payment',
      className: NOWRAP,
      cell: (o) => (
        <span>
          {/* The answer names no provider (Stripe or Razorpay), only online or cash. */}
          {o.paymentMethod === 'cod' ? 'COD' : tr(/*i18n*/ 'Online')}{' '}
          <span className={`pill ${PAYMENT[o.paymentStatus].pill}`}>
            {tr(PAYMENT[o.paymentStatus].label)}
          </span>
        </span>
      ),
    },
    { label: /*i18n*/ 'Ship to', cell: (o) => [o.city, o.state].filter(Boolean).join(', ') },
    { label: /*i18n*/ 'Total', cell: (o) => formatRupees(o.total), className: NOWRAP },
  ],
};

const messages: ListDef<AdminMessage> = {
  title: /*i18n*/ 'Contact messages',
  searchFields: /*i18n*/ 'name, e-mail or subject',
  columns: [
    { label: /*i18n*/ 'Date', cell: (m) => formatDate(m.date), className: NOWRAP },
    { label: /*i18n*/ 'From', cell: (m) => m.name, className: 'cell-name' },
    { label: /*i18n*/ 'Email', cell: (m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
    { label: /*i18n*/ 'Subject', cell: (m) => m.subject },
    { label: /*i18n*/ 'Message', cell: (m) => <span className="cell-message">{m.message}</span> },
  ],
};

/** Whether the shop shows a product, and if not why (a hidden product's reason when the list sends it). */
function ProductStatus({ p }: { p: AdminProduct }) {
  const i18n = useI18n();
  if (p.status === 'removed') return pill(false, '', /*i18n*/ 'Removed');
  if (p.status === 'hidden')
    return (
      <span className="status-with-reason">
        {pill(false, '', /*i18n*/ 'Hidden')}
        {p.listing?.reason && <span className="muted">{p.listing.reason}</span>}
      </span>
    );
  if (p.sellerStatus === 'suspended') return pill(false, '', /*i18n*/ 'Seller suspended');
  if (p.status === 'unpublished') return <span className="pill pill-warn">{i18n._('Not published')}</span>;
  return pill(true, /*i18n*/ 'In shop', '');
}

/** The lists behind the dashboard's 'view' links, by URL segment (/dashboard/<list>). */
// biome-ignore lint/suspicious/noExplicitAny: rows differ per list; each definition is typed above
export const ADMIN_LISTS: Record<string, ListDef<any>> = { sellers, users, products, orders, messages };
