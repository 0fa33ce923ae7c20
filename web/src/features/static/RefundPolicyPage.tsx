import { usePolicyFacts } from './usePolicyFacts.ts';
import './static.css';

/** /Cancel-Refund-Policy: the placeholders of the old template are filled from the shop's settings. */
export default function RefundPolicyPage() {
  const f = usePolicyFacts();
  return (
    <article className="page policy">
      <h1>Cancellation &amp; Refund Policy</h1>
      <p>
        This policy applies to every order placed on Vastra, operated by {f.owner}
        {f.gstin && ` (GSTIN ${f.gstin})`}.
      </p>
      <h2>Cancelling an order</h2>
      <p>
        You can cancel any item from My Orders until the seller ships it. Cancelled items return to stock at
        once. Card payments for cancelled items are refunded to the same card; nothing is due for
        cash-on-delivery items.
      </p>
      <h2>Returns</h2>
      <p>
        If an item arrives damaged, defective or different from its description, ask for a return within{' '}
        {f.returnDays} days of delivery by writing to{' '}
        {f.email ? <a href={`mailto:${f.email}`}>{f.email}</a> : 'us'} with your order number and photos.
        Items must be unused, with their tags attached. Innerwear and customised items cannot be returned for
        hygiene reasons unless defective.
      </p>
      <h2>Refunds</h2>
      <p>
        Once a return is approved, or a paid item is cancelled, the refund reaches your original payment
        method within {f.refundDays} working days. Cash-on-delivery returns are refunded by bank transfer to
        an account you name.
      </p>
      <h2>Contact</h2>
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
