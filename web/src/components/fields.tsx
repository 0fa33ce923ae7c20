import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** What every labelled control has: its id (also its name), label, and optional hint and error. */
interface FieldProps {
  id: string;
  label: string;
  /** A standing note under the control, e.g. a length rule. */
  hint?: ReactNode;
  /** A problem with the value; marks the control invalid. */
  error?: string;
  /** Adds "(optional)" to the label; the control is required unless this is set. */
  optional?: boolean;
  /** Spans every column of a `.form-grid`. */
  wide?: boolean;
}

/** The ARIA that ties a control to its hint and error message. */
function describedBy({ id, hint, error }: FieldProps) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** Label, control, hint and error of one form field: the frame every form of the app uses. */
function Field({ field, children }: { field: FieldProps; children: ReactNode }) {
  const { id, label, hint, error, optional, wide } = field;
  return (
    <div className={wide ? 'field span-all' : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="muted"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="muted field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A labelled input. */
export function TextField({
  id,
  label,
  hint,
  error,
  optional,
  wide,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const field = { id, label, hint, error, optional, wide };
  return (
    <Field field={field}>
      <input id={id} name={id} required={!optional} {...describedBy(field)} {...input} />
    </Field>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  optional,
  wide,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = { id, label, hint, error, optional, wide };
  return (
    <Field field={field}>
      <textarea id={id} name={id} required={!optional} {...describedBy(field)} {...textarea} />
    </Field>
  );
}

/** A labelled choice from a list, with a first empty option saying what to choose. */
export function SelectField({
  id,
  label,
  hint,
  error,
  optional,
  wide,
  placeholder,
  options,
  ...select
}: FieldProps & {
  placeholder: string;
  options: { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const field = { id, label, hint, error, optional, wide };
  return (
    <Field field={field}>
      <select id={id} name={id} required={!optional} {...describedBy(field)} {...select}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One input of a form described as data: its name is also its id. */
export type FieldSpec<K extends string> = Omit<FieldProps, 'id'> & {
  name: K;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'>;

/** The inputs of a form described as a table, bound to one record of values. */
export function TextFields<K extends string>({
  fields,
  values,
  onChange,
}: {
  fields: readonly FieldSpec<K>[];
  values: Record<K, string>;
  onChange: (name: K, value: string) => void;
}) {
  return fields.map(({ name, ...field }) => (
    <TextField
      key={name}
      id={name}
      {...field}
      value={values[name]}
      onChange={(e) => onChange(name, e.target.value)}
    />
  ));
}
