import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { accountKindOf, LOGIN_PAGE, requestPasswordReset } from '../../lib/passwords-api.ts';
import { Link, useSearchParams } from '../../lib/router.tsx';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

const FIELDS = ['email'] as const;

/**
 * /forgot-password (?role=seller for sellers): asks for the e-mail and always shows the same
 * message afterwards, whether or not an account uses it (no account enumeration).
 */
export default function ForgotPasswordPage() {
  const i18n = useI18n();
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
      show({ email: /*i18n*/ 'Email is required' });
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
        <h1 id="forgot-title">{i18n._('Forgot password?')}</h1>
        {ask.isSuccess ? (
          <p className="form-done" role="status">
            {ask.data.message} {i18n._('Please check your inbox (and the spam folder).')}
          </p>
        ) : (
          <>
            <p className="muted">
              {i18n._('Enter the e-mail of your')} {kind === 'seller' ? i18n._('seller ') : ''}
              {i18n._('account and we will send you a link to choose a new password.')}
            </p>
            {ask.isError && !errors.email && (
              <p className="form-error" role="alert">
                {ask.error.message}
              </p>
            )}
            <TextField
              id="email"
              label={i18n._('Email')}
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
              {ask.isPending ? i18n._('Sending…') : i18n._('Send reset link')}
            </button>
          </>
        )}
        <p className="center">
          <Link to={LOGIN_PAGE[kind]}>{i18n._('Back to login')}</Link>
        </p>
      </form>
    </section>
  );
}
