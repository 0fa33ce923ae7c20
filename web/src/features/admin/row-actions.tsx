import type { I18n } from '@lingui/core';
import type { AdminOrder, AdminOrderItem, AdminProduct, AdminSeller, AdminUser } from '@vastra/contracts';
import { orderNumber } from '@vastra/contracts/constants';
import { formatRupees } from '../../lib/format.ts';
import { localeOf } from '../../lib/i18n.tsx';
import { cancelOrderItem, hideProduct, removeProduct, setSellerSuspended, setUserSuspended } from './api.ts';

/**
 * What the admin can do to a row of a list (or to an order's item): each asks first, and hiding a
 * product asks for the reason its seller will read. The server checks every rule again.
 */
export interface RowAction {
  /** The button's text: 'Suspend'. */
  label: string;
  /** The dialog's yes, when the label would read ambiguously beside its 'Cancel' (cancelling an item). */
  confirmLabel?: string;
  /** What the button does, for screen readers and tests: 'Suspend Das Weaves'. */
  name: string;
  danger: boolean;
  question: { title: string; message: string };
  /** Set when the action needs a reason in words (at least 3 characters). */
  reason?: { label: string; hint: string };
  run: (reason: string) => Promise<unknown>;
  /** The toast once done: 'Das Weaves suspended'. */
  done: string;
}

/** Opens an action's question (the list page owns the dialog and the request). */
export type Ask = (action: RowAction) => void;

export function ActionButton({ action, ask }: { action: RowAction; ask: Ask }) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${action.danger ? 'btn-danger' : ''}`}
      onClick={() => ask(action)}
      aria-label={action.name}
    >
      {action.label}
    </button>
  );
}

/** The button's name: its label and what it acts on ('Suspend Das Weaves'; in Hindi the other way round). */
const nameOf = (i18n: I18n, label: string, subject: string) =>
  i18n._('{action} {subject}', { action: label, subject });

export function sellerActions(s: AdminSeller, i18n: I18n): RowAction[] {
  const suspend = s.status === 'active';
  const label = i18n._(suspend ? 'Suspend' : 'Reinstate');
  const name = s.companyName;
  return [
    {
      label,
      name: nameOf(i18n, label, name),
      danger: suspend,
      question: suspend
        ? {
            title: i18n._('Suspend {name}?', { name }),
            message: i18n._(
              'Their products leave the shop at once and they cannot add new ones until reinstated.',
            ),
          }
        : {
            title: i18n._('Reinstate {name}?', { name }),
            message: i18n._('Their products return to the shop.'),
          },
      run: () => setSellerSuspended(s._id, suspend),
      done: suspend ? i18n._('{name} suspended', { name }) : i18n._('{name} reinstated', { name }),
    },
  ];
}

/** A shopper's account state, when the list sends it (see `userActions`). */
export type UserStatus = 'active' | 'suspended';
export const userStatusOf = (u: AdminUser) => (u as AdminUser & { status?: UserStatus }).status;

/**
 * Suspend or reinstate a shopper. The users list does not say yet whether an account is
 * suspended; until it does, both are offered (each is harmless when already so).
 */
export function userActions(u: AdminUser, i18n: I18n): RowAction[] {
  const status = userStatusOf(u);
  const name = u.fullName;
  const suspendLabel = i18n._('Suspend');
  const reinstateLabel = i18n._('Reinstate');
  const suspend: RowAction = {
    label: suspendLabel,
    name: nameOf(i18n, suspendLabel, name),
    danger: true,
    question: {
      title: i18n._('Suspend {name}?', { name }),
      message: i18n._('They can no longer log in or order. Their orders stay as they are.'),
    },
    run: () => setUserSuspended(u._id, true),
    done: i18n._('{name} suspended', { name }),
  };
  const reinstate: RowAction = {
    label: reinstateLabel,
    name: nameOf(i18n, reinstateLabel, name),
    danger: false,
    question: {
      title: i18n._('Reinstate {name}?', { name }),
      message: i18n._('They can log in and order again.'),
    },
    run: () => setUserSuspended(u._id, false),
    done: i18n._('{name} reinstated', { name }),
  };
  if (status === 'active') return [suspend];
  if (status === 'suspended') return [reinstate];
  return [suspend, reinstate];
}

export function productActions(p: AdminProduct, i18n: I18n): RowAction[] {
  const actions: RowAction[] = [];
  const name = p.productName;
  if (p.status === 'active' || p.status === 'unpublished') {
    const label = i18n._('Hide');
    actions.push({
      label,
      name: nameOf(i18n, label, name),
      danger: true,
      question: {
        title: i18n._('Hide “{name}”?', { name }),
        message: i18n._('It leaves the shop at once. Its seller sees your reason in their product list.'),
      },
      reason: {
        label: i18n._('Reason'),
        hint: i18n._('The seller reads this, e.g. “Photos show another brand’s logo”.'),
      },
      run: (reason) => hideProduct(p._id, reason),
      done: i18n._('{name} hidden', { name }),
    });
  }
  if (p.status !== 'removed') {
    const label = i18n._('Remove');
    actions.push({
      label,
      name: nameOf(i18n, label, name),
      danger: true,
      question: {
        title: i18n._('Remove “{name}”?', { name }),
        message: i18n._('It leaves the shop and shoppers’ carts. Orders already placed stay.'),
      },
      run: () => removeProduct(p._id),
      done: i18n._('{name} removed', { name }),
    });
  }
  return actions;
}

/** Only a pending item (not shipped yet) can be cancelled. */
export function cancelItemAction(o: AdminOrder, i: AdminOrderItem, i18n: I18n): RowAction | null {
  if (i.status !== 'pending') return null;
  const paid = o.paymentStatus === 'paid';
  const label = i18n._('Cancel');
  const name = i.productName;
  const seller = i.companyName;
  return {
    label,
    confirmLabel: i18n._('Cancel item'),
    name: nameOf(i18n, label, i18n._('{name} of order {order}', { name, order: orderNumber(o._id) })),
    danger: true,
    question: {
      title: i18n._('Cancel “{name}” × {quantity}?', { name, quantity: i.quantity }),
      message: paid
        ? i18n._(
            "Its stock goes back and its share of the payment ({amount} plus GST) is refunded to the customer's card or UPI. The customer and {seller} get an e-mail.",
            { amount: formatRupees(i.amount, localeOf(i18n)), seller },
          )
        : i18n._(
            'Its stock goes back; nothing was paid for it yet. The customer and {seller} get an e-mail.',
            { seller },
          ),
    },
    run: () => cancelOrderItem(i._id),
    done: i18n._('{name} cancelled', { name }),
  };
}
