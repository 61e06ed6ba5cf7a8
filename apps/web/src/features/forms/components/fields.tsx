import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** The id of a field's input, so errors can focus and scroll to it. */
export const fieldId = (form: string, name: string) => `${form}-${name.replaceAll('_', '-')}`;

interface FieldProps {
  id: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  optional?: boolean;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, the control, and its message; the control is described by the hint and the error. */
export function Field({ id, label, error, hint, optional, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="form-field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="optional"> (optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': !!error, ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint ? (
        <div className="field-hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      {error?.message ? (
        <p className="field-error" id={errorId}>
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

export function TextField(
  props: Omit<FieldProps, 'children'> & {
    registration: UseFormRegisterReturn;
    type?: string;
    autoComplete?: string;
    inputMode?: 'text' | 'email' | 'tel' | 'url';
  },
) {
  const { registration, type = 'text', autoComplete, inputMode, ...field } = props;
  return (
    <Field {...field}>
      {(aria) => (
        <input {...aria} {...registration} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      )}
    </Field>
  );
}

export function TextAreaField(
  props: Omit<FieldProps, 'children'> & { registration: UseFormRegisterReturn; rows?: number },
) {
  const { registration, rows = 5, ...field } = props;
  return <Field {...field}>{(aria) => <textarea {...aria} {...registration} rows={rows} />}</Field>;
}

export function SelectField(
  props: Omit<FieldProps, 'children'> & {
    registration: UseFormRegisterReturn;
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  },
) {
  const { registration, options, placeholder, ...field } = props;
  return (
    <Field {...field}>
      {(aria) => (
        <select {...aria} {...registration}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Shown at the top of a form when sending failed. */
export function FormAlert({ message, id }: { message: string | null; id: string }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert" id={id} tabIndex={-1}>
      {message}
    </div>
  );
}

/**
 * A field people never see: off-screen, out of the tab order, not announced. Bots that fill every
 * input fill it, and the server then keeps the submission as spam without mailing anyone.
 */
export function HoneypotField({ name, inputRef }: { name: string; inputRef: React.Ref<HTMLInputElement> }) {
  return (
    <div className="form-trap" aria-hidden="true">
      <label>
        Leave this empty
        <input ref={inputRef} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
