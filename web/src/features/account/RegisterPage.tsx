import { type FormEvent, useState } from 'react';
import { TextFields } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { Link } from '../../lib/router.tsx';
import { useSignIn } from '../../lib/sign-in.ts';
import { registerUser } from './api.ts';
import { REGISTER_FIELDS, type SignUpField } from './profile-fields.ts';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

const EMPTY: Record<SignUpField, string> = { fullName: '', email: '', password: '', mobile: '' };
const NAMES = REGISTER_FIELDS.map((f) => f.name);

/** /register: Create Account (SPEC §2) with the essentials only; the address is asked at checkout. */
export default function RegisterPage() {
  const i18n = useI18n();
  const [form, setForm] = useState(EMPTY);
  const fields = useFieldErrors(NAMES);
  const register = useSignIn('user', registerUser, {
    done: /*i18n*/ 'Registered Successfully',
    next: '/allProducts',
    refusal: 'warn',
    fieldErrors: fields.fromError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fields.show({});
    register.mutate({ ...form, fullName: form.fullName.trim(), email: form.email.trim() });
  };
  return (
    <section className="page auth-page">
      <RedirectIfLoggedIn />
      <form ref={fields.formRef} className="card form auth-card wide" onSubmit={submit} noValidate>
        <h1>{i18n._('Create Account')}</h1>
        <div className="form-grid">
          <TextFields
            fields={REGISTER_FIELDS}
            values={form}
            errors={fields.errors}
            onChange={(k, v) => {
              setForm({ ...form, [k]: v });
              fields.clear(k);
            }}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
          {register.isPending ? i18n._('Creating account…') : i18n._('Create Account')}
        </button>
        <p className="center">
          {i18n._('Already have an account?')} <Link to="/login">{i18n._('Login')}</Link>
        </p>
      </form>
    </section>
  );
}
