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
import { Link } from 'react-router';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';
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
  cell: (row: T, ask: Ask) => ReactNode;
  className?: string;
}

export interface ListDef<T> {
  title: string;
  /** What the search matches, e.g. 'name, e-mail or phone'. */
  searchFields: string;
  columns: Column<T>[];
  /** What the admin can do to a row (none: no Action column). */
  actions?: (row: T) => RowAction[];
}

const pill = (ok: boolean, yes: string, no: string) => (
  <span className={`pill ${ok ? 'pill-ok' : 'pill-bad'}`}>{ok ? yes : no}</span>
);

const NOWRAP = 'cell-nowrap';

/** Where the money of an order stands, as the admin reads it. */
const PAYMENT: Record<AdminOrder['paymentStatus'], { label: string; pill: string }> = {
  awaiting_payment: { label: 'Awaiting payment', pill: 'pill-warn' },
  paid: { label: 'Paid', pill: 'pill-ok' },
  cod_due: { label: 'Due on delivery', pill: 'pill-warn' },
  cod_collected: { label: 'Collected on delivery', pill: 'pill-ok' },
  refunded: { label: 'Refunded', pill: '' },
  failed: { label: 'Failed', pill: 'pill-bad' },
};

const ITEM_STATUS: Record<AdminOrderItem['status'], string> = {
  awaiting_payment: 'awaiting payment',
  pending: 'pending',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

const sellers: ListDef<AdminSeller> = {
  title: 'Sellers',
  searchFields: 'name, company, e-mail or phone',
  columns: [
    { label: 'Name', cell: (s) => s.fullName, className: 'cell-name' },
    { label: 'Company', cell: (s) => s.companyName },
    { label: 'Email', cell: (s) => s.email },
    { label: 'Phone', cell: (s) => `+91 ${s.mobile}`, className: NOWRAP },
    { label: 'Products', cell: (s) => s.productCount },
    { label: 'Joined', cell: (s) => formatDate(s.date), className: NOWRAP },
    { label: 'Status', cell: (s) => pill(s.status === 'active', 'Active', 'Suspended'), className: NOWRAP },
  ],
  actions: sellerActions,
};

const users: ListDef<AdminUser> = {
  title: 'Users',
  searchFields: 'name, e-mail, phone or city',
  columns: [
    { label: 'Name', cell: (u) => u.fullName, className: 'cell-name' },
    { label: 'Email', cell: (u) => u.email },
    { label: 'Phone', cell: (u) => `+91 ${u.mobile}`, className: NOWRAP },
    { label: 'City', cell: (u) => [u.city, u.state].filter(Boolean).join(', ') },
    { label: 'Orders', cell: (u) => u.orderCount },
    { label: 'Joined', cell: (u) => formatDate(u.date), className: NOWRAP },
    {
      label: 'Status',
      className: NOWRAP,
      cell: (u) => {
        const status = userStatusOf(u);
        return status ? pill(status === 'active', 'Active', 'Suspended') : null;
      },
    },
  ],
  actions: userActions,
};

const products: ListDef<AdminProduct> = {
  title: 'Products',
  searchFields: 'product, brand or seller',
  columns: [
    {
      label: 'Image',
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
      label: 'Name',
      className: 'cell-name',
      cell: (p) =>
        p.status === 'active' ? <Link to={productPath(p._id)}>{p.productName}</Link> : p.productName,
    },
    { label: 'Seller', cell: (p) => p.companyName },
    { label: 'Price', cell: (p) => formatRupees(p.price), className: NOWRAP },
    { label: 'Stock', cell: (p) => p.stockQuantity },
    { label: 'Added', cell: (p) => formatDate(p.date), className: NOWRAP },
    {
      label: 'Status',
      className: NOWRAP,
      cell: (p) => <ProductStatus p={p} />,
    },
  ],
  actions: productActions,
};

const orders: ListDef<AdminOrder> = {
  title: 'Orders',
  searchFields: 'customer, e-mail, city or order id',
  columns: [
    { label: 'Date', cell: (o) => formatDate(o.date), className: NOWRAP },
    {
      label: 'Order',
      cell: (o) => (
        <span className="mono" title={o._id}>
          {orderNumber(o._id)}
        </span>
      ),
    },
    { label: 'Customer', cell: (o) => o.customerName ?? 'Deleted account', className: 'cell-name' },
    {
      label: 'Items',
      cell: (o, ask) => (
        <ul className="cell-list">
          {o.items.map((i) => {
            const cancel = cancelItemAction(o, i);
            return (
              <li key={i._id}>
                {i.productName} × {i.quantity}{' '}
                <span className="muted">
                  ({i.companyName}, {ITEM_STATUS[i.status]})
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
      label: 'Payment',
      className: NOWRAP,
      cell: (o) => (
        <span>
          {/* The answer names no provider (Stripe or Razorpay), only online or cash. */}
          {o.paymentMethod === 'cod' ? 'COD' : 'Online'}{' '}
          <span className={`pill ${PAYMENT[o.paymentStatus].pill}`}>{PAYMENT[o.paymentStatus].label}</span>
        </span>
      ),
    },
    { label: 'Ship to', cell: (o) => [o.city, o.state].filter(Boolean).join(', ') },
    { label: 'Total', cell: (o) => formatRupees(o.total), className: NOWRAP },
  ],
};

const messages: ListDef<AdminMessage> = {
  title: 'Contact messages',
  searchFields: 'name, e-mail or subject',
  columns: [
    { label: 'Date', cell: (m) => formatDate(m.date), className: NOWRAP },
    { label: 'From', cell: (m) => m.name, className: 'cell-name' },
    { label: 'Email', cell: (m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
    { label: 'Subject', cell: (m) => m.subject },
    { label: 'Message', cell: (m) => <span className="cell-message">{m.message}</span> },
  ],
};

/** Whether the shop shows a product, and if not why (a hidden product's reason when the list sends it). */
function ProductStatus({ p }: { p: AdminProduct }) {
  const i18n = useI18n();
  if (p.status === 'removed') return pill(false, '', 'Removed');
  if (p.status === 'hidden')
    return (
      <span className="status-with-reason">
        {pill(false, '', 'Hidden')}
        {p.listing?.reason && <span className="muted">{p.listing.reason}</span>}
      </span>
    );
  if (p.sellerStatus === 'suspended') return pill(false, '', 'Seller suspended');
  if (p.status === 'unpublished') return <span className="pill pill-warn">{i18n._('Not published')}</span>;
  return pill(true, 'In shop', '');
}

/** The lists behind the dashboard's 'view' links, by URL segment (/dashboard/<list>). */
// biome-ignore lint/suspicious/noExplicitAny: rows differ per list; each definition is typed above
export const ADMIN_LISTS: Record<string, ListDef<any>> = { sellers, users, products, orders, messages };
