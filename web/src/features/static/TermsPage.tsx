import { usePolicyFacts } from './usePolicyFacts.ts';
import './static.css';

/** /Terms-Of-Service */
export default function TermsPage() {
  const f = usePolicyFacts();
  return (
    <article className="page policy">
      <h1>Terms of Service</h1>
      <p>
        These terms govern your use of Vastra ({f.website}), an online marketplace operated by {f.owner}
        {f.address && `, ${f.address}`}. By creating an account or placing an order you agree to them.
      </p>
      <h2>1. Accounts</h2>
      <p>
        You must give accurate details and keep your password private. You are responsible for activity under
        your account. Sellers must be registered businesses or individuals entitled to sell the goods they
        list.
      </p>
      <h2>2. Products and prices</h2>
      <p>
        Products are listed by independent sellers, who are responsible for their descriptions, stock and
        quality. Prices are in Indian Rupees. GST at {f.gstPercent}% is added at checkout and shown before you
        pay. Shipping is free.
      </p>
      <h2>3. Orders and payment</h2>
      <p>
        An order is confirmed when you see “Order Placed”. You may pay by card through our payment provider or
        in cash on delivery. We may cancel an order if the product is out of stock or the payment fails; any
        amount paid is then refunded in full.
      </p>
      <h2>4. Delivery</h2>
      <p>Orders are usually delivered within 4-5 days of confirmation to the address you give at checkout.</p>
      <h2>5. Cancellations and returns</h2>
      <p>Cancellations, returns and refunds follow our Cancellation &amp; Refund Policy.</p>
      <h2>6. Reviews and content</h2>
      <p>
        Reviews must be honest and lawful. We may remove content that is abusive, misleading or infringes the
        rights of others.
      </p>
      <h2>7. Liability</h2>
      <p>
        To the extent the law allows, our liability for any order is limited to the amount paid for it.
        Nothing in these terms limits your rights under the Consumer Protection Act, 2019.
      </p>
      <h2>8. Law and disputes</h2>
      <p>
        These terms are governed by the laws of India. Disputes are subject to the exclusive jurisdiction of{' '}
        {f.jurisdiction}.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about these terms:{' '}
        {f.email ? <a href={`mailto:${f.email}`}>{f.email}</a> : 'see our Contact page'}.
      </p>
    </article>
  );
}
