import type { AdminOrder, AdminOrderItem, AdminProduct, AdminSeller, AdminUser } from '@vastra/contracts';
import { orderNumber } from '@vastra/contracts/constants';
import { formatRupees } from '../../lib/format.ts';
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

export function sellerActions(s: AdminSeller): RowAction[] {
  const suspend = s.status === 'active';
  return [
    {
      label: suspend ? /*i18n*/ 'Suspend' : /*i18n*/ 'Reinstate',
      name: `${suspend ? /*i18n*/ 'Suspend' : /*i18n*/ 'Reinstate'} ${s.companyName}`,
      danger: suspend,
      question: suspend
        ? {
            title: `Suspend ${s.companyName}?`,
            message:
              /*i18n*/ 'Their products leave the shop at once and they cannot add new ones until reinstated.',
          }
        : { title: `Reinstate ${s.companyName}?`, message: /*i18n*/ 'Their products return to the shop.' },
      run: () => setSellerSuspended(s._id, suspend),
      done: `${s.companyName} ${suspend ? 'suspended' : 'reinstated'}`,
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
export function userActions(u: AdminUser): RowAction[] {
  const status = userStatusOf(u);
  const suspend: RowAction = {
    label: /*i18n*/ 'Suspend',
    name: `Suspend ${u.fullName}`,
    danger: true,
    question: {
      title: `Suspend ${u.fullName}?`,
      message: /*i18n*/ 'They can no longer log in or order. Their orders stay as they are.',
    },
    run: () => setUserSuspended(u._id, true),
    done: `${u.fullName} suspended`,
  };
  const reinstate: RowAction = {
    label: /*i18n*/ 'Reinstate',
    name: `Reinstate ${u.fullName}`,
    danger: false,
    question: { title: `Reinstate ${u.fullName}?`, message: /*i18n*/ 'They can log in and order again.' },
    run: () => setUserSuspended(u._id, false),
    done: `${u.fullName} reinstated`,
  };
  if (status === 'active') return [suspend];
  if (status === 'suspended') return [reinstate];
  return [suspend, reinstate];
}

export function productActions(p: AdminProduct): RowAction[] {
  const actions: RowAction[] = [];
  if (p.status === 'active' || p.status === 'unpublished') {
    actions.push({
      label: /*i18n*/ 'Hide',
      name: `Hide ${p.productName}`,
      danger: true,
      question: {
        title: `Hide “${p.productName}”?`,
        message: /*i18n*/ 'It leaves the shop at once. Its seller sees your reason in their product list.',
      },
      reason: {
        label: /*i18n*/ 'Reason',
        hint: /*i18n*/ 'The seller reads this, e.g. “Photos show another brand’s logo”.',
      },
      run: (reason) => hideProduct(p._id, reason),
      done: `${p.productName} hidden`,
    });
  }
  if (p.status !== 'removed') {
    actions.push({
      label: /*i18n*/ 'Remove',
      name: `Remove ${p.productName}`,
      danger: true,
      question: {
        title: `Remove “${p.productName}”?`,
        message: /*i18n*/ 'It leaves the shop and shoppers’ carts. Orders already placed stay.',
      },
      run: () => removeProduct(p._id),
      done: `${p.productName} removed`,
    });
  }
  return actions;
}

/** Only a pending item (not shipped yet) can be cancelled. */
export function cancelItemAction(o: AdminOrder, i: AdminOrderItem): RowAction | null {
  if (i.status !== 'pending') return null;
  const paid = o.paymentStatus === 'paid';
  return {
    label: /*i18n*/ 'Cancel',
    confirmLabel: /*i18n*/ 'Cancel item',
    name: `Cancel ${i.productName} of order ${orderNumber(o._id)}`,
    danger: true,
    question: {
      title: `Cancel “${i.productName}” × ${i.quantity}?`,
      message: paid
        ? `Its stock goes back and its share of the payment (${formatRupees(i.amount)} plus GST) is refunded to the customer's card or UPI. The customer and ${i.companyName} get an e-mail.`
        : `Its stock goes back; nothing was paid for it yet. The customer and ${i.companyName} get an e-mail.`,
    },
    run: () => cancelOrderItem(i._id),
    done: `${i.productName} cancelled`,
  };
}
