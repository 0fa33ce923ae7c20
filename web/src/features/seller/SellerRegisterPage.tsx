import type { SellerAuthAnswer, SellerRegisterInput } from '@vastra/contracts';
import { TEXT_LIMITS } from '@vastra/contracts/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { type FieldSpec, TextFields } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { useSignIn } from '../../lib/sign-in.ts';
import { AuthCard } from './AuthCard.tsx';
import './seller.css';

type SellerForm = Record<keyof SellerRegisterInput, string>;

const FIELDS: FieldSpec<keyof SellerForm>[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', maxLength: TEXT_LIMITS.fullName.max },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: TEXT_LIMITS.email.max },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: TEXT_LIMITS.password.max,
    hint: `At least ${TEXT_LIMITS.password.min} characters`,
  },
  {
    name: 'mobile',
    label: 'Mobile Number',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel-national',
    hint: '10-digit Indian mobile number',
  },
  {
    name: 'companyName',
    label: 'Company Name',
    autoComplete: 'organization',
    maxLength: TEXT_LIMITS.companyName.max,
  },
  {
    name: 'companyAddress',
    label: 'Company Address',
    autoComplete: 'street-address',
    maxLength: TEXT_LIMITS.companyAddress.max,
  },
];

const EMPTY: SellerForm = {
  fullName: '',
  email: '',
  password: '',
  mobile: '',
  companyName: '',
  companyAddress: '',
};

const register = (body: SellerForm) =>
  api<SellerAuthAnswer>('/api/auth/seller/register', { method: 'POST', body });

const NAMES = FIELDS.map((f) => f.name);

/**
 * /seller-register. The server validates; each of its messages shows beside its field (SPEC §5
 * showed only the first). Success stores the seller session and opens Add Product.
 */
export default function SellerRegisterPage() {
  const [form, setForm] = useState(EMPTY);
  const fields = useFieldErrors(NAMES);
  const signUp = useSignIn('seller', register, {
    done: 'Registered Successfully',
    next: '/seller-addProduct',
    refusal: 'warn',
    fieldErrors: fields.fromError,
  });
  return (
    <AuthCard
      title="Seller Registration"
      formRef={fields.formRef}
      busy={signUp.isPending}
      submitLabel="Register"
      onSubmit={() => {
        fields.show({});
        signUp.mutate(form);
      }}
      footer={
        <>
          Already selling on Vastra? <Link to="/seller-login">Login</Link>
        </>
      }
    >
      <RedirectIfLoggedIn />
      <TextFields
        fields={FIELDS}
        values={form}
        errors={fields.errors}
        onChange={(k, v) => {
          setForm((f) => ({ ...f, [k]: v }));
          fields.clear(k);
        }}
      />
    </AuthCard>
  );
}
