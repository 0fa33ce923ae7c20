import { useMutation } from '@tanstack/react-query';
import type { AdminAuthAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { signIn } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import './admin.css';

/** /admin-login: success stores adminToken and adminName and opens the dashboard (SPEC §4). */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () =>
      api<AdminAuthAnswer>('/api/auth/admin/admin-login', { method: 'POST', body: { email, password } }),
    onSuccess: (a) => {
      signIn('admin', a.authToken, a.adminFullName);
      toast.success('Logged In Successfully');
      navigate('/dashboard');
    },
    onError: (err) => toast.error(err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
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
        <div className="field">
          <label htmlFor="admin-email">Email</label>
          <input
            id="admin-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? 'Please wait…' : 'Login'}
        </button>
      </form>
    </section>
  );
}
