import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useI18n } from '../lib/i18n.tsx';

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

/** Splits a field's props into the frame's and the control's own. */
function split<P extends FieldProps>({ id, label, hint, error, optional, wide, ...control }: P) {
  return [{ id, label, hint, error, optional, wide }, control] as const;
}

/**
 * The control's id, name and ARIA: required unless optional, tied to its hint and error. Spread
 * before the control's own props, which may override any of them (e.g. `name`).
 */
function controlProps({ id, hint, error, optional }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return {
    id,
    name: id,
    required: !optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

/** Label, control, hint and error of one form field: the frame every form of the app uses. */
function Field({ field, children }: { field: FieldProps; children: ReactNode }) {
  const i18n = useI18n();
  const { id, label, hint, error, optional, wide } = field;
  return (
    <div className={wide ? 'field span-all' : 'field'}>
      <label htmlFor={id}>
        {i18n._(label)}
        {optional && <span className="muted"> {i18n._('(optional)')}</span>}
      </label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="muted field-hint">
          {typeof hint === 'string' ? i18n._(hint) : hint}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="field-error">
          {i18n._(error)}
        </span>
      )}
    </div>
  );
}

/** A labelled input. */
export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const [field, input] = split(props);
  return (
    <Field field={field}>
      <input {...controlProps(field)} {...input} />
    </Field>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field, textarea] = split(props);
  return (
    <Field field={field}>
      <textarea {...controlProps(field)} {...textarea} />
    </Field>
  );
}

type Choices = { placeholder: string; options: { value: string; label: string }[] };

/** A labelled choice from a list, with a first empty option saying what to choose. */
export function SelectField({
  placeholder,
  options,
  ...props
}: FieldProps & Choices & SelectHTMLAttributes<HTMLSelectElement>) {
  const i18n = useI18n();
  const [field, select] = split(props);
  return (
    <Field field={field}>
      <select {...controlProps(field)} {...select}>
        <option value="">{placeholder && i18n._(placeholder)}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {i18n._(o.label)}
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

/** The inputs of a form described as a table, bound to one record of values and their errors. */
export function TextFields<K extends string>({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly FieldSpec<K>[];
  values: Record<K, string>;
  errors?: Partial<Record<K, string>>;
  onChange: (name: K, value: string) => void;
}) {
  return fields.map(({ name, ...field }) => (
    <TextField
      key={name}
      id={name}
      {...field}
      error={errors?.[name] ?? field.error}
      value={values[name]}
      onChange={(e) => onChange(name, e.target.value)}
    />
  ));
}
