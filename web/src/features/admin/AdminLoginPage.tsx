import type { AdminAuthAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import { useSignIn } from '../../lib/sign-in.ts';
import './admin.css';

const adminLogin = (body: { email: string; password: string }) =>
  api<AdminAuthAnswer>('/api/auth/admin/admin-login', { method: 'POST', body });

/** /admin-login: success stores adminToken and adminName and opens the dashboard (SPEC §4). */
export default function AdminLoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useSignIn('admin', adminLogin, { done: 'Logged In Successfully', next: '/dashboard' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ email, password });
  };
  return (
    <section className="page narrow">
      <form
        className="card form admin-login"
        onSubmit={submit}
        noValidate
        aria-labelledby="admin-login-title"
      >
        <h1 id="admin-login-title">Admin Login</h1>
        {login.error && (
          <p className="form-error" role="alert">
            {login.error.message}
          </p>
        )}
        <TextField
          id="admin-email"
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="admin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? 'Please wait…' : 'Login'}
        </button>
      </form>
    </section>
  );
}
