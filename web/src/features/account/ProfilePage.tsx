import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChangePasswordForm } from '../../components/ChangePasswordForm.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { VerifyEmailReminder } from '../../components/VerifyEmailReminder.tsx';
import { signOut, useSession } from '../../lib/auth.ts';
import { displayId } from '../../lib/format.ts';
import { keys, queryClient } from '../../lib/query.ts';
import { Link, Navigate } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { deleteAccount, fetchProfile } from './api.ts';
import { VerifyMobile } from './VerifyMobile.tsx';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /profile: the customer's details, Edit Profile, and Delete (with a confirmation step). */
export default function ProfilePage() {
  const i18n = useI18n();
  const { role } = useSession();
  const [confirming, setConfirming] = useState(false);
  // Set when the account is deleted: the session ends in the same render, and this page must then
  // go to /register (SPEC §4), not to /login as it does for anyone else without a user session.
  const [deleted, setDeleted] = useState(false);
  const q = useQuery({ queryKey: keys.profile, queryFn: fetchProfile, enabled: role === 'user' });

  if (deleted) return <Navigate to="/register" replace />;
  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <QueryState query={q} loading={i18n._('Loading your profile')}>
      {(profile) => {
        const remove = () => {
          // SPEC §4: the session ends at once; the request already carries the token.
          const request = deleteAccount();
          toast.warn(i18n._('Account Deleted'));
          setDeleted(true);
          signOut('user');
          queryClient.removeQueries();
          request.catch(() => toast.warn(i18n._('Something went wrong')));
        };

        const u = profile;
        return (
          <section className="page narrow">
            <div className="card profile-card">
              <h1>{i18n._('My Profile')}</h1>
              {!u.emailVerified && u.email && <VerifyEmailReminder kind="user" email={u.email} />}
              <dl>
                <dt>{i18n._('Customer ID')}</dt>
                <dd>{displayId('U', u._id)}</dd>
                <dt>{i18n._('Name')}</dt>
                <dd>{u.fullName}</dd>
                <dt>{i18n._('Email')}</dt>
                <dd>{u.email || i18n._('Not given')}</dd>
                <dt>{i18n._('Phone')}</dt>
                <dd>
                  <span>+91 {u.mobile}</span>{' '}
                  {u.mobileVerified ? (
                    <span className="pill pill-ok">{i18n._('Verified')}</span>
                  ) : (
                    <span className="pill pill-warn">{i18n._('Not verified')}</span>
                  )}
                </dd>
                <dt>{i18n._('Address')}</dt>
                <dd>{[u.address, u.city, u.state, u.postalCode].filter(Boolean).join(', ')}</dd>
                <dt>{i18n._('Company name')}</dt>
                <dd>{i18n._('None')}</dd>
              </dl>
              <div className="row">
                <Link to="/update-profile" className="btn btn-primary">
                  {i18n._('Edit Profile')}
                </Link>
                <Link to="/addresses" className="btn">
                  {i18n._('My Addresses')}
                </Link>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setConfirming(true)}
                  disabled={confirming}
                >
                  {i18n._('Delete')}
                </button>
              </div>
              <VerifyMobile mobile={u.mobile} verified={u.mobileVerified === true} />
              {confirming && (
                <div
                  className="confirm-box"
                  role="alertdialog"
                  aria-labelledby="confirm-title"
                  aria-describedby="confirm-text"
                >
                  <h2 id="confirm-title">{i18n._('Delete your account?')}</h2>
                  <p id="confirm-text">
                    {i18n._('Your profile, cart and reviews will be removed. This cannot be undone.')}
                  </p>
                  <div className="row">
                    <button type="button" className="btn btn-danger" onClick={remove}>
                      {i18n._('Yes, delete my account')}
                    </button>
                    <button type="button" className="btn" onClick={() => setConfirming(false)}>
                      {i18n._('Keep my account')}
                    </button>
                  </div>
                </div>
              )}
            </div>
            {/* A shopper who signed up by mobile has no password to change (absent: an older answer). */}
            {u.hasPassword === false ? (
              <p className="muted">{i18n._('You sign in with a code sent to your mobile.')}</p>
            ) : (
              <ChangePasswordForm kind="user" />
            )}
          </section>
        );
      }}
    </QueryState>
  );
}
