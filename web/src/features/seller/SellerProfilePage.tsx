import { ChangePasswordForm } from '../../components/ChangePasswordForm.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { VerifyEmailReminder } from '../../components/VerifyEmailReminder.tsx';
import { displayId, formatDate } from '../../lib/format.ts';
import { useSellerProfile } from './api.ts';
import { HiddenProductsBanner } from './gst-registration.tsx';
import { NoPickupBanner, PickupAddressSection } from './PickupAddressSection.tsx';
import { SellerGstSection } from './SellerGstSection.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

/** SPEC §2: phone numbers are shown with the +91 prefix (stored as 10 bare digits). */
export function withCountryCode(mobile: string): string {
  const digits = mobile.replace(/\D/g, '').slice(-10);
  return `+91 ${digits}`;
}

/** /seller-profile: display id, name, email, phone, company name and address, and the GST registration. */
export default function SellerProfilePage() {
  return (
    <SellerOnly>
      <SellerProfile />
    </SellerOnly>
  );
}

function SellerProfile() {
  const i18n = useI18n();
  const profile = useSellerProfile();
  return (
    <section className="page narrow seller-page">
      <h1>{i18n._('Seller Profile')}</h1>
      <QueryState query={profile} loading={i18n._('Loading your profile')}>
        {(me) =>
          me ? (
            <>
              {!me.emailVerified && <VerifyEmailReminder kind="seller" email={me.email} />}
              <HiddenProductsBanner />
              <NoPickupBanner />
              <dl className="card profile-list">
                <div>
                  <dt>{i18n._('Seller ID')}</dt>
                  <dd>{displayId('S', me._id)}</dd>
                </div>
                <div>
                  <dt>{i18n._('Name')}</dt>
                  <dd>{me.fullName}</dd>
                </div>
                <div>
                  <dt>{i18n._('Email')}</dt>
                  <dd>{me.email}</dd>
                </div>
                <div>
                  <dt>{i18n._('Phone')}</dt>
                  <dd>{withCountryCode(me.mobile)}</dd>
                </div>
                <div>
                  <dt>{i18n._('Company Name')}</dt>
                  <dd>{me.companyName}</dd>
                </div>
                <div>
                  <dt>{i18n._('Company Address')}</dt>
                  <dd>{me.companyAddress}</dd>
                </div>
                <div>
                  <dt>{i18n._('Selling since')}</dt>
                  <dd>{formatDate(me.date)}</dd>
                </div>
                {me.status === 'suspended' && (
                  <div>
                    <dt>{i18n._('Status')}</dt>
                    <dd>
                      <span className="pill pill-bad">{i18n._('Suspended')}</span>{' '}
                      {i18n._('Your products are hidden from the shop.')}
                    </dd>
                  </div>
                )}
              </dl>
              <SellerGstSection profile={me} />
              <PickupAddressSection />
              <ChangePasswordForm kind="seller" />
            </>
          ) : (
            <p>{i18n._('Profile not found.')}</p>
          )
        }
      </QueryState>
    </section>
  );
}
