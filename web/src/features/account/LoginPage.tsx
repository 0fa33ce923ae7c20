import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { Link, useLocation } from '../../lib/router.tsx';
import { useSignIn } from '../../lib/sign-in.ts';
import { loginUser } from './api.ts';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

/** /login: customer login (SPEC §2); returns to the page that asked for it, else /allProducts. */
export default function LoginPage() {
  const i18n = useI18n();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors(['email', 'password'] as const);
  const login = useSignIn('user', loginUser, {
    done: /*i18n*/ 'Logged In Successfully',
    next: from && from !== '/login' ? from : '/allProducts',
    fieldErrors: fields.fromError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fields.show({});
    login.mutate({ email: email.trim(), password });
  };
  return (
    <section className="page auth-page">
      <RedirectIfLoggedIn />
      <form ref={fields.formRef} className="card form auth-card" onSubmit={submit} noValidate>
        <h1>{i18n._('Login')}</h1>
        <p className="muted">{i18n._('Welcome back! Log in to shop, track orders and write reviews.')}</p>
        <TextField
          id="email"
          label={i18n._('Email')}
          type="email"
          autoComplete="email"
          value={email}
          error={fields.errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="password"
          label={i18n._('Password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={fields.errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="small">
          <Link to="/forgot-password">{i18n._('Forgot password?')}</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? i18n._('Logging in…') : i18n._('Login')}
        </button>
        <p className="center">
          {i18n._('New to Vastra?')} <Link to="/register">{i18n._('Create an account')}</Link>
        </p>
        <p className="center small muted">
          {i18n._('Selling on Vastra?')} <Link to="/seller-login">{i18n._('Seller login')}</Link>
        </p>
      </form>
    </section>
  );
}
