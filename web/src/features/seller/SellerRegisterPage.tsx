import { useMutation } from '@tanstack/react-query';
import type { SellerAuthAnswer, SellerRegisterInput } from '@vastra/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { signIn } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard, Field } from './AuthCard.tsx';
import { useRedirectIfSignedIn } from './session.tsx';
import './seller.css';

const EMPTY: SellerRegisterInput = {
  fullName: '',
  email: '',
  password: '',
  mobile: '',
  companyName: '',
  companyAddress: '',
};

/**
 * /seller-register. The server validates; its first message is shown (SPEC §5, §8). Success
 * stores the seller session and opens Add Product.
 */
export default function SellerRegisterPage() {
  useRedirectIfSignedIn();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const set = (k: keyof SellerRegisterInput) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const register = useMutation({
    mutationFn: () => api<SellerAuthAnswer>('/api/auth/seller/register', { method: 'POST', body: form }),
    onSuccess: (a) => {
      signIn('seller', a.authToken, a.sellerFullName);
      toast.success('Registered Successfully');
      navigate('/seller-addProduct');
    },
    onError: (err) => toast.warn(err.message),
  });
  return (
    <AuthCard
      title="Seller Registration"
      error={register.error?.message ?? ''}
      busy={register.isPending}
      submitLabel="Register"
      onSubmit={() => register.mutate()}
      footer={
        <>
          Already selling on Vastra? <Link to="/seller-login">Login</Link>
        </>
      }
    >
      <Field
        id="fullName"
        label="Full Name"
        autoComplete="name"
        value={form.fullName}
        onChange={set('fullName')}
      />
      <Field
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
      />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        hint="At least 8 characters"
      />
      <Field
        id="mobile"
        label="Mobile Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={String(form.mobile)}
        onChange={set('mobile')}
        hint="10-digit Indian mobile number"
      />
      <Field
        id="companyName"
        label="Company Name"
        autoComplete="organization"
        value={form.companyName}
        onChange={set('companyName')}
      />
      <Field
        id="companyAddress"
        label="Company Address"
        autoComplete="street-address"
        value={form.companyAddress}
        onChange={set('companyAddress')}
      />
    </AuthCard>
  );
}
