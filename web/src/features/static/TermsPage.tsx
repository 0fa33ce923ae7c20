import { usePolicyFacts } from './usePolicyFacts.ts';
import './static.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /Terms-Of-Service */
export default function TermsPage() {
  const i18n = useI18n();
  const f = usePolicyFacts();
  return (
    <article className="page policy">
      <h1>{i18n._('Terms of Service')}</h1>
      <p>
        {i18n._('These terms govern your use of Vastra (')}
        {f.website}
        {i18n._('), an online marketplace operated by')} {f.owner}
        {f.address && `, ${f.address}`}
        {i18n._('. By creating an account or placing an order you agree to them.')}
      </p>
      <h2>{i18n._('1. Accounts')}</h2>
      <p>
        {i18n._(
          'You must give accurate details and keep your password private. You are responsible for activity under your account. Sellers must be registered businesses or individuals entitled to sell the goods they list.',
        )}
      </p>
      <h2>{i18n._('2. Products and prices')}</h2>
      <p>
        {i18n._(
          'Products are listed by independent sellers, who are responsible for their descriptions, stock and quality. Prices are in Indian Rupees. GST at',
        )}{' '}
        {f.gstPercent}
        {i18n._('% is added at checkout and shown before you pay. Shipping is free.')}
      </p>
      <h2>{i18n._('3. Orders and payment')}</h2>
      <p>
        {i18n._(
          'An order is confirmed when you see “Order Placed”. You may pay by card through our payment provider or in cash on delivery. We may cancel an order if the product is out of stock or the payment fails; any amount paid is then refunded in full.',
        )}
      </p>
      <h2>{i18n._('4. Delivery')}</h2>
      <p>
        {i18n._(
          'Orders are usually delivered within 4-5 days of confirmation to the address you give at checkout.',
        )}
      </p>
      <h2>{i18n._('5. Cancellations and returns')}</h2>
      <p>{i18n._('Cancellations, returns and refunds follow our Cancellation & Refund Policy.')}</p>
      <h2>{i18n._('6. Reviews and content')}</h2>
      <p>
        {i18n._(
          'Reviews must be honest and lawful. We may remove content that is abusive, misleading or infringes the rights of others.',
        )}
      </p>
      <h2>{i18n._('7. Liability')}</h2>
      <p>
        {i18n._(
          'To the extent the law allows, our liability for any order is limited to the amount paid for it. Nothing in these terms limits your rights under the Consumer Protection Act, 2019.',
        )}
      </p>
      <h2>{i18n._('8. Law and disputes')}</h2>
      <p>
        {i18n._(
          'These terms are governed by the laws of India. Disputes are subject to the exclusive jurisdiction of',
        )}{' '}
        {f.jurisdiction}.
      </p>
      <h2>{i18n._('9. Contact')}</h2>
      <p>
        {i18n._('Questions about these terms:')}{' '}
        {f.email ? <a href={`mailto:${f.email}`}>{f.email}</a> : i18n._('see our Contact page')}.
      </p>
    </article>
  );
}
