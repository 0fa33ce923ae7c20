import { usePolicyFacts } from './usePolicyFacts.ts';
import './static.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /Cancel-Refund-Policy: the placeholders of the old template are filled from the shop's settings. */
export default function RefundPolicyPage() {
  const i18n = useI18n();
  const f = usePolicyFacts();
  return (
    <article className="page policy">
      <h1>{i18n._('Cancellation & Refund Policy')}</h1>
      <p>
        {i18n._('This policy applies to every order placed on Vastra, operated by')} {f.owner}
        {f.gstin && ` (GSTIN ${f.gstin})`}.
      </p>
      <h2>{i18n._('Cancelling an order')}</h2>
      <p>
        {i18n._(
          'You can cancel any item from My Orders until the seller ships it. Cancelled items return to stock at once. Card payments for cancelled items are refunded to the same card; nothing is due for cash-on-delivery items.',
        )}
      </p>
      <h2>{i18n._('Returns')}</h2>
      <p>
        {i18n._(
          'If an item arrives damaged, defective or different from its description, ask for a return within',
        )}{' '}
        {f.returnDays} {i18n._('days of delivery by writing to')}{' '}
        {f.email ? <a href={`mailto:${f.email}`}>{f.email}</a> : i18n._('us')}{' '}
        {i18n._(
          'with your order number and photos. Items must be unused, with their tags attached. Innerwear and customised items cannot be returned for hygiene reasons unless defective.',
        )}
      </p>
      <h2>{i18n._('Refunds')}</h2>
      <p>
        {i18n._(
          'Once a return is approved, or a paid item is cancelled, the refund reaches your original payment method within',
        )}{' '}
        {f.refundDays}{' '}
        {i18n._(
          'working days. Cash-on-delivery returns are refunded by bank transfer to an account you name.',
        )}
      </p>
      <h2>{i18n._('Contact')}</h2>
      <p>
        {f.owner}
        {f.address && `, ${f.address}`}
        {f.phone && ` · ${f.phone}`}
        {f.email && ' · '}
        {f.email && <a href={`mailto:${f.email}`}>{f.email}</a>}
      </p>
    </article>
  );
}
