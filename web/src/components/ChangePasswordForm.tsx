import { useMutation } from '@tanstack/react-query';
import type { AccountKind } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { signIn, useSession } from '../lib/auth.ts';
import { useFieldErrors } from '../lib/field-errors.ts';
import { changePassword } from '../lib/passwords-api.ts';
import { toast } from '../lib/toast.ts';
import { TextField } from './fields.tsx';
import './account-security.css';
import { useI18n } from '../lib/i18n.tsx';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * "Change password" on the shopper's and the seller's profile. The server ends every other session
 * and answers a fresh token, which replaces this one so the page stays logged in.
 */
export function ChangePasswordForm({ kind }: { kind: AccountKind }) {
  const i18n = useI18n();
  const { name } = useSession();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const change = useMutation({
    mutationFn: () =>
      changePassword(kind, { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: (answer) => {
      signIn(kind, answer.authToken, name);
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      show({});
      toast.success(answer.message);
    },
    onError: (err) => {
      if (!fromError(err)) toast.error(err.message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (values.newPassword !== values.confirmPassword) {
      show({ confirmPassword: /*i18n*/ 'The two new passwords do not match' });
      return;
    }
    change.mutate();
  };
  const field = (id: (typeof FIELDS)[number], label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      error={errors[id]}
      value={values[id]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [id]: e.target.value }));
        clear(id);
      }}
    />
  );

  return (
    <form
      ref={formRef}
      className="card form password-card"
      onSubmit={submit}
      noValidate
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title">{i18n._('Change password')}</h2>
      {field('currentPassword', /*i18n*/ 'Current password', 'current-password')}
      {field('newPassword', /*i18n*/ 'New password', 'new-password', /*i18n*/ 'At least 8 characters')}
      {field('confirmPassword', /*i18n*/ 'Confirm new password', 'new-password')}
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {change.isPending ? i18n._('Changing…') : i18n._('Change password')}
      </button>
    </form>
  );
}
