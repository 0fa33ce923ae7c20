import type { SellerAuthAnswer, SellerRegisterInput } from '@vastra/contracts';
import { TEXT_LIMITS } from '@vastra/contracts/constants';
import { useState } from 'react';
import { type FieldSpec, TextFields } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { Link } from '../../lib/router.tsx';
import { useSignIn } from '../../lib/sign-in.ts';
import { AuthCard } from './AuthCard.tsx';
import {
  EMPTY_GST,
  GST_FIELD_NAMES,
  GstFields,
  type GstValues,
  gstBody,
  gstinError,
} from './gst-registration.tsx';
import './seller.css';
import { useI18n } from '../../lib/i18n.tsx';

type AccountField = Exclude<keyof SellerRegisterInput, keyof GstValues>;
type SellerForm = Record<AccountField, string> & GstValues;

const FIELDS: FieldSpec<AccountField>[] = [
  {
    name: 'fullName',
    label: /*i18n*/ 'Full Name',
    autoComplete: 'name',
    maxLength: TEXT_LIMITS.fullName.max,
  },
  {
    name: 'email',
    label: /*i18n*/ 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: TEXT_LIMITS.email.max,
  },
  {
    name: 'password',
    label: /*i18n*/ 'Password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: TEXT_LIMITS.password.max,
    hint: `At least ${TEXT_LIMITS.password.min} characters`,
  },
  {
    name: 'mobile',
    label: /*i18n*/ 'Mobile Number',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel-national',
    hint: /*i18n*/ '10-digit Indian mobile number',
  },
  {
    name: 'companyName',
    label: /*i18n*/ 'Company Name',
    autoComplete: 'organization',
    maxLength: TEXT_LIMITS.companyName.max,
  },
  {
    name: 'companyAddress',
    label: /*i18n*/ 'Company Address',
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
  ...EMPTY_GST,
};

/** The account's fields as typed, and the GST ones only when filled (the original client sends none). */
export function registrationBody({ gstin, legalName, state, ...account }: SellerForm): SellerRegisterInput {
  return { ...account, ...gstBody({ gstin, legalName, state }) };
}

const register = (form: SellerForm) =>
  api<SellerAuthAnswer>('/api/auth/seller/register', { method: 'POST', body: registrationBody(form) });

const NAMES = [...FIELDS.map((f) => f.name), ...GST_FIELD_NAMES];

/**
 * /seller-register. The server validates; each of its messages shows beside its field (SPEC §5
 * showed only the first). The GST registration is optional here (it can be added later from the
 * profile); a mistyped GSTIN is caught before sending. Success stores the seller session and opens
 * Add Product.
 */
export default function SellerRegisterPage() {
  const i18n = useI18n();
  const [form, setForm] = useState(EMPTY);
  const fields = useFieldErrors(NAMES);
  const change = (name: (typeof NAMES)[number], value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    fields.clear(name);
  };
  const signUp = useSignIn('seller', register, {
    done: /*i18n*/ 'Registered Successfully',
    next: '/seller-addProduct',
    refusal: 'warn',
    fieldErrors: fields.fromError,
  });
  return (
    <AuthCard
      title={i18n._('Seller Registration')}
      formRef={fields.formRef}
      busy={signUp.isPending}
      submitLabel={i18n._('Register')}
      onSubmit={() => {
        const gstin = gstinError(form.gstin, false);
        if (fields.show(gstin ? { gstin } : {})) return;
        signUp.mutate(form);
      }}
      footer={
        <>
          {i18n._('Already selling on Vastra?')} <Link to="/seller-login">{i18n._('Login')}</Link>
        </>
      }
    >
      <RedirectIfLoggedIn />
      <TextFields fields={FIELDS} values={form} errors={fields.errors} onChange={change} />
      <fieldset className="gst-fields">
        <legend>{i18n._('GST registration')}</legend>
        <p className="muted field-hint gst-note">{i18n._('You can add it later from your profile.')}</p>
        <GstFields values={form} errors={fields.errors} optional onChange={change} />
      </fieldset>
    </AuthCard>
  );
}
