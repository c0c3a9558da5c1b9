// A labelled form control with its error (per field, announced, tied by aria-describedby) and the
// value the owner typed, so a failed post shows the form as it was sent. Works without JavaScript.
import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
  const fid = id ?? `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={fid}>{label}</label>
      {hint ? (
        <span className="hint" id={`${fid}-hint`}>
          {hint}
        </span>
      ) : null}
      <input id={fid} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error ? (
        <span className="error" id={`${fid}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  disabled?: boolean;
}

export function SelectField({ name, label, options, defaultValue, error, hint, id, disabled }: SelectFieldProps) {
  const fid = id ?? `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={fid}>{label}</label>
      {hint ? (
        <span className="hint" id={`${fid}-hint`}>
          {hint}
        </span>
      ) : null}
      <select
        id={fid}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        disabled={disabled}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span className="error" id={`${fid}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface TextAreaProps {
  name: string;
  label: string;
  defaultValue: string;
  error?: string | null;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}

export function TextAreaField({ name, label, defaultValue, error, hint, rows = 4, maxLength }: TextAreaProps) {
  const fid = `f-${name}`;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={fid}>{label}</label>
      {hint ? (
        <span className="hint" id={`${fid}-hint`}>
          {hint}
        </span>
      ) : null}
      <textarea
        id={fid}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error ? (
        <span className="error" id={`${fid}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  defaultChecked,
  error,
  hint,
  disabled,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const fid = `f-${name}`;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field checkbox">
      <label htmlFor={fid}>
        <input
          type="checkbox"
          id={fid}
          name={name}
          defaultChecked={defaultChecked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />{' '}
        {label}
      </label>
      {hint ? (
        <span className="hint" id={`${fid}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="error" id={`${fid}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The form-level error above a form (role=alert, so it is read out after a post). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}

/** A success notice after a post (role=status). */
export function Notice({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div className="notice" role="status">
      {message}
    </div>
  );
}
