import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { ApiError } from '../../lib/api.ts';
import { signOut, useSession } from '../../lib/auth.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link, useNavigate } from '../../lib/router.tsx';

/** Back-office screens need the admin login; anyone else is offered it. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const i18n = useI18n();
  const { role } = useSession();
  if (role === 'admin') return children;
  return (
    <section className="page narrow center">
      <h1>{i18n._('Admin')}</h1>
      <p>{i18n._('Please log in as the admin to continue.')}</p>
      <Link to="/admin-login" className="btn btn-primary">
        {i18n._('Admin login')}
      </Link>
    </section>
  );
}

/**
 * A failed back-office load. An expired or revoked admin session (401) cannot be fixed by trying
 * again, so it offers a fresh login instead, ending the stale session on the way.
 */
export function AdminLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (!(error instanceof ApiError && error.status === 401))
    return <QueryError error={error} onRetry={onRetry} />;
  const relogin = () => {
    signOut('admin');
    qc.removeQueries();
    navigate('/admin-login');
  };
  return (
    <div className="form-error center" role="alert">
      <p>{error.message}</p>
      <button type="button" className="btn btn-sm" onClick={relogin}>
        {i18n._('Log in again')}
      </button>
    </div>
  );
}
