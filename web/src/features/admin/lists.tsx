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
import { imageProps } from '../../lib/images.ts';
import { productPath } from '../../lib/product-link.ts';

/** A column of an admin table: header and how a row fills the cell. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** A row action that asks first (suspend, reinstate, remove). */
export interface RowAction<T> {
  label: (row: T) => string;
  /** Null: the action does not apply to this row. */
  kind: (row: T) => 'suspend' | 'reinstate' | 'remove' | null;
  question: (row: T) => { title: string; message: string };
}

export interface ListDef<T> {
  title: string;
  /** What the search matches, e.g. 'name, e-mail or phone'. */
  searchFields: string;
  columns: Column<T>[];
  action?: RowAction<T>;
  rowName: (row: T) => string;
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
  rowName: (s) => s.companyName,
  columns: [
    { label: 'Name', cell: (s) => s.fullName, className: 'cell-name' },
    { label: 'Company', cell: (s) => s.companyName },
    { label: 'Email', cell: (s) => s.email },
    { label: 'Phone', cell: (s) => `+91 ${s.mobile}`, className: NOWRAP },
    { label: 'Products', cell: (s) => s.productCount },
    { label: 'Joined', cell: (s) => formatDate(s.date), className: NOWRAP },
    { label: 'Status', cell: (s) => pill(s.status === 'active', 'Active', 'Suspended'), className: NOWRAP },
  ],
  action: {
    label: (s) => (s.status === 'active' ? 'Suspend' : 'Reinstate'),
    kind: (s) => (s.status === 'active' ? 'suspend' : 'reinstate'),
    question: (s) =>
      s.status === 'active'
        ? {
            title: `Suspend ${s.companyName}?`,
            message: 'Their products leave the shop at once and they cannot add new ones until reinstated.',
          }
        : { title: `Reinstate ${s.companyName}?`, message: 'Their products return to the shop.' },
  },
};

const users: ListDef<AdminUser> = {
  title: 'Users',
  searchFields: 'name, e-mail, phone or city',
  rowName: (u) => u.fullName,
  columns: [
    { label: 'Name', cell: (u) => u.fullName, className: 'cell-name' },
    { label: 'Email', cell: (u) => u.email },
    { label: 'Phone', cell: (u) => `+91 ${u.mobile}`, className: NOWRAP },
    { label: 'City', cell: (u) => [u.city, u.state].filter(Boolean).join(', ') },
    { label: 'Orders', cell: (u) => u.orderCount },
    { label: 'Joined', cell: (u) => formatDate(u.date), className: NOWRAP },
  ],
};

const products: ListDef<AdminProduct> = {
  title: 'Products',
  searchFields: 'product, brand or seller',
  rowName: (p) => p.productName,
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
      cell: (p) =>
        p.status === 'removed'
          ? pill(false, '', 'Removed')
          : p.sellerStatus === 'suspended'
            ? pill(false, '', 'Seller suspended')
            : pill(true, 'In shop', ''),
    },
  ],
  action: {
    label: () => 'Remove',
    kind: (p) => (p.status === 'active' ? 'remove' : null),
    question: (p) => ({
      title: `Remove “${p.productName}”?`,
      message: 'It leaves the shop and shoppers’ carts. Orders already placed stay.',
    }),
  },
};

const orders: ListDef<AdminOrder> = {
  title: 'Orders',
  searchFields: 'customer, e-mail, city or order id',
  rowName: (o) => o._id,
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
      cell: (o) => (
        <ul className="cell-list">
          {o.items.map((i) => (
            <li key={i._id}>
              {i.productName} × {i.quantity}{' '}
              <span className="muted">
                ({i.companyName}, {ITEM_STATUS[i.status]})
              </span>
            </li>
          ))}
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
  rowName: (m) => m.subject,
  columns: [
    { label: 'Date', cell: (m) => formatDate(m.date), className: NOWRAP },
    { label: 'From', cell: (m) => m.name, className: 'cell-name' },
    { label: 'Email', cell: (m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
    { label: 'Subject', cell: (m) => m.subject },
    { label: 'Message', cell: (m) => <span className="cell-message">{m.message}</span> },
  ],
};

/** The lists behind the dashboard's 'view' links, by URL segment (/dashboard/<list>). */
// biome-ignore lint/suspicious/noExplicitAny: rows differ per list; each definition is typed above
export const ADMIN_LISTS: Record<string, ListDef<any>> = { sellers, users, products, orders, messages };
