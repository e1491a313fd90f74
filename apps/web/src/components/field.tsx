import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled form row. The control (passed as children) must use `id`; its error text is linked by
 * `${id}-error` so screen readers read it with the field.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error?.message ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error.message}
        </div>
      ) : null}
    </div>
  );
}

/** Props that mark a control invalid and point it at its error text. */
export function invalidProps(id: string, error?: FieldError, hasHint = false): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const describedBy = [hasHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

export function controlClass(base: string, error?: FieldError): string {
  return error ? `${base} is-invalid` : base;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error?: FieldError;
  hint?: ReactNode;
  /** What react-hook-form's `register(name, rules)` returns for this input. */
  registration: UseFormRegisterReturn;
};

/** A labelled text-like input of a react-hook-form form: the {@link Field} row, its validity state and ARIA links. */
export function TextField({ id, label, error, hint, registration, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={controlClass('form-control', error)}
        {...invalidProps(id, error, hint !== undefined)}
        {...input}
        {...registration}
      />
    </Field>
  );
}
