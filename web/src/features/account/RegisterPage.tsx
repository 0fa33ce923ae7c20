import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextFields } from '../../components/fields.tsx';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { useSignIn } from '../../lib/sign-in.ts';
import { type RegisterInput, registerUser } from './api.ts';
import { REGISTER_FIELDS } from './profile-fields.ts';
import './account.css';

const EMPTY: RegisterInput = {
  fullName: '',
  email: '',
  password: '',
  mobile: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
};

/** /register: Create Account (SPEC §2). */
export default function RegisterPage() {
  const [form, setForm] = useState(EMPTY);
  const register = useSignIn('user', registerUser, {
    done: 'Registered Successfully',
    next: '/allProducts',
    refusal: 'warn',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate(form);
  };
  return (
    <section className="page auth-page">
      <RedirectIfLoggedIn />
      <form className="card form auth-card wide" onSubmit={submit}>
        <h1>Create Account</h1>
        {register.isError && (
          <p className="form-error" role="alert">
            {register.error.message}
          </p>
        )}
        <div className="form-grid">
          <TextFields
            fields={REGISTER_FIELDS}
            values={form}
            onChange={(k, v) => setForm({ ...form, [k]: v })}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create Account'}
        </button>
        <p className="center">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  );
}
