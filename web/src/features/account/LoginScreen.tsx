import type { AdminAuthAnswer, SellerAuthAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import type { Role } from '../../lib/auth.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { Link, useLocation } from '../../lib/router.tsx';
import { type AuthAnswer, useSignIn } from '../../lib/sign-in.ts';
import { loginUser } from './api.ts';
import { PhoneSignIn } from './PhoneSignIn.tsx';
import './account.css';

type Credentials = { email: string; password: string };

/** A line under the form: a question and the link that answers it. */
interface LoginLink {
  ask: string;
  link: string;
  to: string;
}

/** What differs between the three logins (SPEC §2, §4, §7); everything else is the one screen below. */
interface LoginRole {
  title: string;
  intro?: string;
  /** The submit button's label while the request runs. */
  busy: string;
  /** SPEC §7: each role's own login call. */
  request: (body: Credentials) => Promise<AuthAnswer>;
  /** Where a successful login goes (a shopper goes back to the page that asked for it, if any). */
  next: string;
  /** Where a forgotten password is reset; the admin has none (created by the CLI or the environment). */
  forgot?: string;
  /** SPEC §2: a shopper or seller already logged in is sent on "on load"; the admin's page does not. */
  redirectSignedIn: boolean;
  links: LoginLink[];
}

const LOGINS: Record<Role, LoginRole> = {
  user: {
    title: /*i18n*/ 'Login',
    intro: /*i18n*/ 'Welcome back! Log in to shop, track orders and write reviews.',
    busy: /*i18n*/ 'Logging in…',
    request: loginUser,
    next: '/allProducts',
    forgot: '/forgot-password',
    redirectSignedIn: true,
    links: [
      { ask: /*i18n*/ 'New to Vastra?', link: /*i18n*/ 'Create an account', to: '/register' },
      { ask: /*i18n*/ 'Selling on Vastra?', link: /*i18n*/ 'Seller login', to: '/seller-login' },
    ],
  },
  seller: {
    title: /*i18n*/ 'Seller Login',
    busy: /*i18n*/ 'Please wait…',
    request: (body) => api<SellerAuthAnswer>('/api/auth/seller/login', { method: 'POST', body }),
    // The dashboard is the seller's landing page (issue 23; Add Product stays one click away).
    next: '/seller-dashboard',
    forgot: '/forgot-password?role=seller',
    redirectSignedIn: true,
    links: [
      { ask: /*i18n*/ 'New seller?', link: /*i18n*/ 'Create a seller account', to: '/seller-register' },
    ],
  },
  admin: {
    title: /*i18n*/ 'Admin Login',
    busy: /*i18n*/ 'Please wait…',
    request: (body) => api<AdminAuthAnswer>('/api/auth/admin/admin-login', { method: 'POST', body }),
    next: '/dashboard',
    redirectSignedIn: false,
    links: [],
  },
};

/**
 * /login, /seller-login and /admin-login: one screen, e-mail and password. Success stores the
 * role's session (SPEC §4) and opens its landing page; a refusal shows beside its field, or is
 * toasted. A shopper sent here by a page that needs login returns to it.
 */
export function LoginScreen({ role }: { role: Role }) {
  const i18n = useI18n();
  const login = LOGINS[role];
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors(['email', 'password'] as const);
  // Shoppers may sign in with a code sent to their mobile instead (issue 39); sellers and the admin may not.
  const [byPhone, setByPhone] = useState(false);
  const next = role === 'user' && from && from !== '/login' ? from : login.next;
  const signIn = useSignIn(role, login.request, {
    done: /*i18n*/ 'Logged In Successfully',
    next,
    fieldErrors: fields.fromError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fields.show({});
    signIn.mutate({ email: email.trim(), password });
  };
  if (role === 'user' && byPhone) {
    return (
      <section className="page auth-page">
        {login.redirectSignedIn && <RedirectIfLoggedIn />}
        <div className="card auth-card">
          <h1>{i18n._(login.title)}</h1>
          <PhoneSignIn next={next} onUseEmail={() => setByPhone(false)} />
        </div>
      </section>
    );
  }
  return (
    <section className="page auth-page">
      {login.redirectSignedIn && <RedirectIfLoggedIn />}
      <form
        ref={fields.formRef}
        className="card form auth-card"
        onSubmit={submit}
        noValidate
        aria-labelledby="login-title"
      >
        <h1 id="login-title">{i18n._(login.title)}</h1>
        {login.intro && <p className="muted">{i18n._(login.intro)}</p>}
        <TextField
          id="login-email"
          label={i18n._('Email')}
          type="email"
          autoComplete="email"
          value={email}
          error={fields.errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="login-password"
          label={i18n._('Password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={fields.errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {login.forgot && (
          <p className="small">
            <Link to={login.forgot}>{i18n._('Forgot password?')}</Link>
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={signIn.isPending}>
          {signIn.isPending ? i18n._(login.busy) : i18n._('Login')}
        </button>
        {role === 'user' && (
          <button type="button" className="btn btn-block" onClick={() => setByPhone(true)}>
            {i18n._('Sign in with mobile number')}
          </button>
        )}
        {login.links.map((l, i) => (
          <p key={l.to} className={i === 0 ? 'center' : 'center small muted'}>
            {i18n._(l.ask)} <Link to={l.to}>{i18n._(l.link)}</Link>
          </p>
        ))}
      </form>
    </section>
  );
}
