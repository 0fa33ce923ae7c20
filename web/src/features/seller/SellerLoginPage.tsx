import type { SellerAuthAnswer } from '@vastra/contracts';
import { useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { Link } from '../../lib/router.tsx';
import { useSignIn } from '../../lib/sign-in.ts';
import { AuthCard } from './AuthCard.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

const login = (body: { email: string; password: string }) =>
  api<SellerAuthAnswer>('/api/auth/seller/login', { method: 'POST', body });

/**
 * /seller-login: e-mail and password; success stores the seller session and opens the dashboard,
 * the seller's landing page (issue 23; Add Product stays one click away).
 */
export default function SellerLoginPage() {
  const i18n = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldErrors(['email', 'password'] as const);
  const signIn = useSignIn('seller', login, {
    done: /*i18n*/ 'Logged In Successfully',
    next: '/seller-dashboard',
    fieldErrors: fields.fromError,
  });
  return (
    <AuthCard
      title={i18n._('Seller Login')}
      formRef={fields.formRef}
      busy={signIn.isPending}
      submitLabel={i18n._('Login')}
      onSubmit={() => {
        fields.show({});
        signIn.mutate({ email: email.trim(), password });
      }}
      footer={
        <>
          {i18n._('New seller?')} <Link to="/seller-register">{i18n._('Create a seller account')}</Link>
        </>
      }
    >
      <RedirectIfLoggedIn />
      <TextField
        id="seller-email"
        label={i18n._('Email')}
        type="email"
        autoComplete="email"
        value={email}
        error={fields.errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        id="seller-password"
        label={i18n._('Password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={fields.errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="small">
        <Link to="/forgot-password?role=seller">{i18n._('Forgot password?')}</Link>
      </p>
    </AuthCard>
  );
}
