import type { AdminAuthAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useSignIn } from '../../lib/sign-in.ts';
import './admin.css';
import { useI18n } from '../../lib/i18n.tsx';

const adminLogin = (body: { email: string; password: string }) =>
  api<AdminAuthAnswer>('/api/auth/admin/admin-login', { method: 'POST', body });

/** /admin-login: success stores adminToken and adminName and opens the dashboard (SPEC §4). */
export default function AdminLoginPage() {
  const i18n = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors(['email', 'password'] as const);
  const login = useSignIn('admin', adminLogin, {
    done: /*i18n*/ 'Logged In Successfully',
    next: '/dashboard',
    fieldErrors: fields.fromError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fields.show({});
    login.mutate({ email: email.trim(), password });
  };
  return (
    <section className="page narrow">
      <form
        ref={fields.formRef}
        className="card form admin-login"
        onSubmit={submit}
        noValidate
        aria-labelledby="admin-login-title"
      >
        <h1 id="admin-login-title">{i18n._('Admin Login')}</h1>
        <TextField
          id="admin-email"
          label={i18n._('Email')}
          type="email"
          autoComplete="username"
          value={email}
          error={fields.errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="admin-password"
          label={i18n._('Password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={fields.errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? i18n._('Please wait…') : i18n._('Login')}
        </button>
      </form>
    </section>
  );
}
