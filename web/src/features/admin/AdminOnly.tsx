import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/auth.ts';

/** Back-office screens need the admin login; anyone else is offered it. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { role } = useSession();
  if (role === 'admin') return children;
  return (
    <section className="page narrow center">
      <h1>Admin</h1>
      <p>Please log in as the admin to continue.</p>
      <Link to="/admin-login" className="btn btn-primary">
        Admin login
      </Link>
    </section>
  );
}
