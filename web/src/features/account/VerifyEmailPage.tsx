import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/Spinner.tsx';
import { verifyEmail } from '../../lib/passwords-api.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /verify-email?token=…: the e-mailed confirmation link; confirms the address and says so. */
export default function VerifyEmailPage() {
  const i18n = useI18n();
  const token = useSearchParams()[0].get('token') ?? '';
  const q = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const home =
    q.data?.role === 'seller' ? { to: '/seller-profile', label: /*i18n*/ 'Go to your seller profile' } : null;

  return (
    <section className="page auth-page">
      <div className="card form auth-card">
        <h1>{i18n._('Confirm your e-mail')}</h1>
        {!token ? (
          <p className="form-error" role="alert">
            {i18n._('This page needs the link from the e-mail. Please open it again.')}
          </p>
        ) : q.isPending ? (
          <Spinner label={i18n._('Confirming your e-mail address')} />
        ) : q.isError ? (
          <p className="form-error" role="alert">
            {q.error.message}
          </p>
        ) : (
          <p className="form-done" role="status">
            {q.data.message}
          </p>
        )}
        <p className="center">
          {home ? (
            <Link to={home.to}>{home.label}</Link>
          ) : (
            <Link to="/allProducts">{i18n._('Continue shopping')}</Link>
          )}
        </p>
      </div>
    </section>
  );
}
