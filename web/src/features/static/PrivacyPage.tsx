import { usePolicyFacts } from './usePolicyFacts.ts';
import './static.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /Privacy-Policy */
export default function PrivacyPage() {
  const i18n = useI18n();
  const f = usePolicyFacts();
  return (
    <article className="page policy">
      <h1>{i18n._('Privacy Policy')}</h1>
      <p>
        {f.owner}{' '}
        {i18n._(
          '(“we”) runs Vastra. This policy explains what personal data we collect, why, and the choices you have, in line with the Digital Personal Data Protection Act, 2023.',
        )}
      </p>
      <h2>{i18n._('What we collect')}</h2>
      <ul>
        <li>
          {i18n._(
            'Account details: name, e-mail address, mobile number and password (stored only as a secure hash).',
          )}
        </li>
        <li>{i18n._('Delivery details: address, city, state and PIN code.')}</li>
        <li>{i18n._('Orders, cart contents and reviews you write.')}</li>
        <li>
          {i18n._('Payment confirmations from our payment provider. We never see or store your card number.')}
        </li>
      </ul>
      <h2>{i18n._('Why we use it')}</h2>
      <p>
        {i18n._(
          'To run your account, deliver your orders, send order e-mails, answer your messages, prevent fraud and meet our legal and tax obligations. We do not sell your data.',
        )}
      </p>
      <h2>{i18n._('Who we share it with')}</h2>
      <p>
        {i18n._(
          'The seller of a product you order receives your name, delivery address and phone number to ship it. Our payment provider processes card payments. We share data with authorities only when the law requires it.',
        )}
      </p>
      <h2>{i18n._('How long we keep it')}</h2>
      <p>
        {i18n._(
          'Account data is kept while your account is open. Order and invoice records are kept as long as tax law requires, even after you delete your account.',
        )}
      </p>
      <h2>{i18n._('Your choices')}</h2>
      <p>
        {i18n._(
          'You can see and edit your profile at any time, and delete your account from the Profile page. Browser storage is used only to keep you logged in and remember your last viewed product.',
        )}
      </p>
      <h2>{i18n._('Grievance officer')}</h2>
      <p>
        {f.grievance ? (
          <>
            {f.grievance.name}, <a href={`mailto:${f.grievance.email}`}>{f.grievance.email}</a>
          </>
        ) : f.email ? (
          <a href={`mailto:${f.email}`}>{f.email}</a>
        ) : (
          i18n._('See our Contact page.')
        )}
        {f.address && ` · ${f.address}`}
      </p>
    </article>
  );
}
