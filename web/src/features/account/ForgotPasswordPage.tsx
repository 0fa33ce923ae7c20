import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { accountKindOf, LOGIN_PAGE, requestPasswordReset } from '../../lib/passwords-api.ts';
import './account.css';

const FIELDS = ['email'] as const;

/**
 * /forgot-password (?role=seller for sellers): asks for the e-mail and always shows the same
 * message afterwards, whether or not an account uses it (no account enumeration).
 */
export default function ForgotPasswordPage() {
  const kind = accountKindOf(useSearchParams()[0].get('role'));
  const [email, setEmail] = useState('');
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const ask = useMutation({
    mutationFn: () => requestPasswordReset(kind, email.trim()),
    onError: (err) => fromError(err),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      show({ email: 'Email is required' });
      return;
    }
    ask.mutate();
  };
  return (
    <section className="page auth-page">
      <form
        ref={formRef}
        className="card form auth-card"
        onSubmit={submit}
        noValidate
        aria-labelledby="forgot-title"
      >
        <h1 id="forgot-title">Forgot password?</h1>
        {ask.isSuccess ? (
          <p className="form-done" role="status">
            {ask.data.message} Please check your inbox (and the spam folder).
          </p>
        ) : (
          <>
            <p className="muted">
              Enter the e-mail of your {kind === 'seller' ? 'seller ' : ''}account and we will send you a link
              to choose a new password.
            </p>
            {ask.isError && !errors.email && (
              <p className="form-error" role="alert">
                {ask.error.message}
              </p>
            )}
            <TextField
              id="email"
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                clear('email');
              }}
            />
            <button type="submit" className="btn btn-primary btn-block" disabled={ask.isPending}>
              {ask.isPending ? 'Sending…' : 'Send reset link'}
            </button>
          </>
        )}
        <p className="center">
          <Link to={LOGIN_PAGE[kind]}>Back to login</Link>
        </p>
      </form>
    </section>
  );
}
