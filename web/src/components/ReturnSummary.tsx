import type { ReturnView } from '@vastra/contracts';
import { maskAccountNumber, RETURN_REASON_LABELS } from '@vastra/contracts/constants';
import type { ReactNode } from 'react';
import type { Role } from '../lib/auth.ts';
import { formatDay, formatRupees } from '../lib/format.ts';
import { imageProps } from '../lib/images.ts';
import { returnAsk, returnState } from '../lib/returns.ts';
import { variantLabel } from '../lib/variant-label.ts';
import { TaxDocumentButtons } from './TaxDocumentButtons.tsx';
import './return-summary.css';
import { useI18n } from '../lib/i18n.tsx';

/** Where a COD refund goes, as people read it (the account number masked). */
function destination(to: ReturnView['refundTo']) {
  if (!to) return '';
  return 'upi' in to ? `UPI ${to.upi}` : `A/c ${maskAccountNumber(to.accountNumber)} · ${to.ifsc}`;
}

/** The money line: how much, where to, and whether it has gone. */
function refundText(r: ReturnView) {
  const refund = r.refund;
  if (!refund) return null;
  const amount = formatRupees(refund.amount);
  if (refund.method === 'online') {
    return refund.status === 'succeeded'
      ? `${amount} refunded to the original payment`
      : `${amount} being refunded to the original payment`;
  }
  const to = destination(r.refundTo);
  return refund.status === 'succeeded'
    ? `${amount} paid${to ? ` to ${to}` : ''}${refund.reference ? ` (ref. ${refund.reference})` : ''}`
    : `${amount} to be paid${to ? ` to ${to}` : ''}`;
}

/**
 * One return as every list shows it: the item, what was asked and why, its state, and the facts
 * of each step (pickup, rejection, refund, exchange, credit note). `who` adds the customer (seller,
 * admin) or the seller (admin); `children` are the viewer's actions.
 */
export function ReturnSummary({
  r,
  as,
  who,
  children,
}: {
  r: ReturnView;
  as: Role;
  who?: ReactNode;
  children?: ReactNode;
}) {
  const i18n = useI18n();
  const state = returnState(r);
  const choice = variantLabel(r.size, r.color, i18n);
  const money = refundText(r);
  return (
    <li className="card return-card" aria-label={`Return of ${r.productName}`} data-testid="return">
      <img {...imageProps(r.image, '80px')} alt="" width={80} height={100} loading="lazy" />
      <div className="return-main">
        <h2>{r.productName}</h2>
        {choice && <p className="variant-choice">{choice}</p>}
        <p className="return-ask">
          <span className={`pill ${state.tone}`} data-testid="return-status">
            {i18n._(state.label)}
          </span>
          <strong>{returnAsk(r)}</strong>
          <span className="muted">
            {i18n._('of')} {r.itemQuantity} {i18n._('bought')}
          </span>
        </p>
        <dl className="return-facts">
          <div>
            <dt>{i18n._('Order')}</dt>
            <dd className="mono">{r.orderNumber}</dd>
          </div>
          <div>
            <dt>{i18n._('Asked on')}</dt>
            <dd>{formatDay(r.createdAt, i18n.locale)}</dd>
          </div>
          {r.status === 'requested' && (
            <div>
              <dt>{i18n._('Seller decides by')}</dt>
              <dd>{formatDay(r.decisionDue, i18n.locale)}</dd>
            </div>
          )}
          <div className="wide">
            <dt>{i18n._('Reason')}</dt>
            <dd>
              {RETURN_REASON_LABELS[r.reason]}
              {r.note && <span className="return-note"> “{r.note}”</span>}
            </dd>
          </div>
          {who}
          {r.pickup && (
            <div className="wide">
              <dt>{i18n._('Pickup')}</dt>
              <dd>
                {r.pickup.courier} {i18n._('· AWB')} <span className="mono nowrap">{r.pickup.awb}</span>
              </dd>
            </div>
          )}
          {r.rejectReason && r.status === 'rejected' && (
            <div className="wide">
              <dt>{i18n._('Not accepted because')}</dt>
              <dd>{r.rejectReason}</dd>
            </div>
          )}
          {r.status === 'received' && r.conditionOk === false && (
            <div className="wide">
              <dt>{i18n._('Outcome')}</dt>
              <dd>{i18n._('The parcel came back not in a condition to accept: no refund or exchange.')}</dd>
            </div>
          )}
          {money && (
            <div className="wide">
              <dt>{i18n._('Refund')}</dt>
              <dd data-testid="return-refund">{money}</dd>
            </div>
          )}
          {r.status === 'exchanged' && (
            <div className="wide">
              <dt>{i18n._('Exchange')}</dt>
              <dd>
                {returnAsk(r).replace(/*i18n*/ 'Exchange', /*i18n*/ 'Sending')} {i18n._('at no charge')}
              </dd>
            </div>
          )}
          {r.decidedBy === 'admin' && (
            <div>
              <dt>{i18n._('Decided by')}</dt>
              <dd>{i18n._('Vastra')}</dd>
            </div>
          )}
        </dl>
        {r.creditNoteId && (
          <TaxDocumentButtons
            documents={[{ kind: 'credit_note', id: r.creditNoteId, label: /*i18n*/ 'Credit note' }]}
            as={as}
          />
        )}
      </div>
      {children && <div className="return-actions">{children}</div>}
    </li>
  );
}
