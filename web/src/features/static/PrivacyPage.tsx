import { usePolicyFacts } from './usePolicyFacts.ts';
import './static.css';

/** /Privacy-Policy */
export default function PrivacyPage() {
  const f = usePolicyFacts();
  return (
    <article className="page policy">
      <h1>Privacy Policy</h1>
      <p>
        {f.owner} (“we”) runs Vastra. This policy explains what personal data we collect, why, and the choices
        you have, in line with the Digital Personal Data Protection Act, 2023.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          Account details: name, e-mail address, mobile number and password (stored only as a secure hash).
        </li>
        <li>Delivery details: address, city, state and PIN code.</li>
        <li>Orders, cart contents and reviews you write.</li>
        <li>Payment confirmations from our payment provider. We never see or store your card number.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To run your account, deliver your orders, send order e-mails, answer your messages, prevent fraud and
        meet our legal and tax obligations. We do not sell your data.
      </p>
      <h2>Who we share it with</h2>
      <p>
        The seller of a product you order receives your name, delivery address and phone number to ship it.
        Our payment provider processes card payments. We share data with authorities only when the law
        requires it.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account is open. Order and invoice records are kept as long as tax law
        requires, even after you delete your account.
      </p>
      <h2>Your choices</h2>
      <p>
        You can see and edit your profile at any time, and delete your account from the Profile page. Browser
        storage is used only to keep you logged in and remember your last viewed product.
      </p>
      <h2>Grievance officer</h2>
      <p>
        {f.grievance ? (
          <>
            {f.grievance.name}, <a href={`mailto:${f.grievance.email}`}>{f.grievance.email}</a>
          </>
        ) : f.email ? (
          <a href={`mailto:${f.email}`}>{f.email}</a>
        ) : (
          'See our Contact page.'
        )}
        {f.address && ` · ${f.address}`}
      </p>
    </article>
  );
}
