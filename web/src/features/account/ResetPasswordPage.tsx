import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { accountKindOf, LOGIN_PAGE, resetPassword } from '../../lib/passwords-api.ts';
import { Link, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import './account.css';
import { useI18n } from '../../lib/i18n.tsx';

const FIELDS = ['password', 'confirmPassword', 'token'] as const;

/** /reset-password?token=…&role=user|seller: the e-mailed link's page to choose a new password, then log in. */
export default function ResetPasswordPage() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = accountKindOf(params.get('role'));
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const reset = useMutation({
    mutationFn: () => resetPassword(kind, { token, password }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      navigate(LOGIN_PAGE[kind], { replace: true });
    },
    onError: (err) => fromError(err),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirmPassword) {
      show({ confirmPassword: /*i18n*/ 'The two passwords do not match' });
      return;
    }
    reset.mutate();
  };
  const linkProblem = !token
    ? /*i18n*/ 'This page needs the link from the e-mail. Please open it again'
    : errors.token;
  const forgotPath = kind === 'seller' ? '/forgot-password?role=seller' : '/forgot-password';

  return (
    <section className="page auth-page">
      <form
        ref={formRef}
        className="card form auth-card"
        onSubmit={submit}
        noValidate
        aria-labelledby="reset-title"
      >
        <h1 id="reset-title">{i18n._('Choose a new password')}</h1>
        {linkProblem ? (
          <div className="form-error" role="alert">
            <p>{linkProblem}</p>
            <Link to={forgotPath}>{i18n._('Ask for a new link')}</Link>
          </div>
        ) : (
          reset.isError &&
          Object.keys(errors).length === 0 && (
            <p className="form-error" role="alert">
              {reset.error.message}
            </p>
          )
        )}
        <TextField
          id="password"
          label={i18n._('New password')}
          type="password"
          autoComplete="new-password"
          hint={i18n._('At least 8 characters')}
          error={errors.password}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clear('password');
          }}
        />
        <TextField
          id="confirmPassword"
          label={i18n._('Confirm new password')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          value={confirmPassword}
          onChange={(e) => {
            setConfirmPassword(e.target.value);
            clear('confirmPassword');
          }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending || !token}>
          {reset.isPending ? i18n._('Saving…') : i18n._('Set new password')}
        </button>
        <p className="center">
          <Link to={LOGIN_PAGE[kind]}>{i18n._('Back to login')}</Link>
        </p>
      </form>
    </section>
  );
}
