import type { FormEvent, ReactNode, Ref } from 'react';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * The frame of the seller registration form: title, fields, submit, footer. Errors show
 * beside their fields (the fields' own `error`); others are toasted by the request.
 */
export function AuthCard({
  title,
  formRef,
  busy,
  submitLabel,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  formRef?: Ref<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const i18n = useI18n();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <section className="page narrow">
      <form
        ref={formRef}
        className="card form seller-auth"
        onSubmit={submit}
        noValidate
        aria-labelledby="auth-title"
      >
        <h1 id="auth-title">{title}</h1>
        {children}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? i18n._('Please wait…') : submitLabel}
        </button>
        <p className="center muted">{footer}</p>
      </form>
    </section>
  );
}
