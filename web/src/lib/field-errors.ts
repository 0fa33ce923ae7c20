import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api.ts';

/** A form's problems by field name: the message shown beside each field. */
export type FieldErrors = Record<string, string>;

/** The server's `errors: [{ msg, path }]` as one message per field (the first when a field has several). */
export function fieldErrorsOf(err: unknown): FieldErrors {
  const found: FieldErrors = {};
  if (!(err instanceof ApiError) || err.status !== 400) return found;
  const list = (err.body as { errors?: { msg?: unknown; path?: unknown }[] } | undefined)?.errors;
  for (const item of Array.isArray(list) ? list : []) {
    if (typeof item?.path === 'string' && typeof item.msg === 'string' && !(item.path in found)) {
      found[item.path] = item.msg;
    }
  }
  return found;
}

/** Moves focus to the form's first field marked invalid (in the page's order). */
export function focusFirstInvalid(form: HTMLElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A form's field errors, shown beside each field, with focus moved to the first invalid one every
 * time they are shown (a phone's screen may not show the top of the form). `fields` are the names
 * the form displays: a server error about any other field cannot be shown beside it, so `fromError`
 * answers false and the caller shows the message as a toast instead.
 */
export function useFieldErrors<K extends string>(fields: readonly K[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) focusFirstInvalid(formRef.current);
  }, [shown]);

  /** Shows these errors (replacing any before); true when there is at least one. */
  const show = useCallback((found: Partial<Record<K, string>>) => {
    setErrors(found);
    setShown((n) => n + 1);
    return Object.keys(found).length > 0;
  }, []);

  const known = fields.join('\n');
  /** Shows a refused request's field errors; true when every one of them has a field on this form. */
  const fromError = useCallback(
    (err: unknown) => {
      const names = known.split('\n');
      const all = fieldErrorsOf(err);
      const placed = Object.fromEntries(Object.entries(all).filter(([k]) => names.includes(k)));
      const complete = Object.keys(all).length > 0 && Object.keys(placed).length === Object.keys(all).length;
      show(placed as Partial<Record<K, string>>);
      return complete;
    },
    [known, show],
  );

  /** Forgets one field's error (when its value changes). */
  const clear = useCallback((name: K) => {
    setErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _gone, ...rest } = e;
      return rest as Partial<Record<K, string>>;
    });
  }, []);

  return { formRef, errors, show, fromError, clear };
}
