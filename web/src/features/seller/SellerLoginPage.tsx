import { useMutation } from '@tanstack/react-query';
import type { SellerAuthAnswer } from '@vastra/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { signIn } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard, Field } from './AuthCard.tsx';
import { useRedirectIfSignedIn } from './session.tsx';
import './seller.css';

/** /seller-login: e-mail and password; success stores the seller session and opens Add Product. */
export default function SellerLoginPage() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () =>
      api<SellerAuthAnswer>('/api/auth/seller/login', { method: 'POST', body: { email, password } }),
    onSuccess: (a) => {
      signIn('seller', a.authToken, a.sellerFullName);
      toast.success('Logged In Successfully');
      navigate('/seller-addProduct');
    },
    onError: (err) => toast.error(err.message),
  });
  return (
    <AuthCard
      title="Seller Login"
      error={login.error?.message ?? ''}
      busy={login.isPending}
      submitLabel="Login"
      onSubmit={() => login.mutate()}
      footer={
        <>
          New seller? <Link to="/seller-register">Create a seller account</Link>
        </>
      }
    >
      <Field
        id="seller-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      <Field
        id="seller-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
    </AuthCard>
  );
}
