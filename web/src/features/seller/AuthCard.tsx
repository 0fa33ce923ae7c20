import type { FormEvent, ReactNode } from 'react';

/** The frame of the seller login and registration forms: title, fields, error, submit, footer. */
export function AuthCard({
  title,
  error,
  busy,
  submitLabel,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  error: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <section className="page narrow">
      <form className="card form seller-auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {children}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Please wait…' : submitLabel}
        </button>
        <p className="center muted">{footer}</p>
      </form>
    </section>
  );
}
