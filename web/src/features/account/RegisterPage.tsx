import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../../components/TextField.tsx';
import { signIn } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query.ts';
import { RedirectIfLoggedIn } from '../../lib/redirect-logged-in.tsx';
import { toast } from '../../lib/toast.ts';
import { type RegisterInput, registerUser } from './api.ts';
import './account.css';

const FIELDS: {
  name: keyof RegisterInput;
  label: string;
  type?: string;
  autoComplete: string;
  wide?: boolean;
}[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password (at least 8 characters)',
    type: 'password',
    autoComplete: 'new-password',
  },
  { name: 'mobile', label: 'Mobile Number', type: 'tel', autoComplete: 'tel-national' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'PIN code', autoComplete: 'postal-code' },
];

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
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const register = useMutation({
    mutationFn: registerUser,
    onSuccess: (res) => {
      queryClient.removeQueries();
      signIn('user', res.authToken, res.userFullName);
      toast.success('Registered Successfully');
      navigate('/allProducts', { replace: true });
    },
    onError: (err) => toast.warn(err.message),
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
          {FIELDS.map((f) => (
            <div key={f.name} className={f.wide ? 'span-all' : undefined}>
              <TextField
                id={f.name}
                label={f.label}
                type={f.type ?? 'text'}
                autoComplete={f.autoComplete}
                required
                value={form[f.name]}
                onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
              />
            </div>
          ))}
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
