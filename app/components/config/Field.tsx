// A labelled form control with its error (per field, announced, tied by aria-describedby) and the
// value the owner typed, so a failed post shows the form as it was sent. Works without JavaScript.
// FieldFrame draws the label, hint and error of every owner field; the controls below sit in it.
import type { InputHTMLAttributes, ReactNode } from 'react';

/** The ids a control and its hint and error share; `described` goes on the control (also for controls drawn elsewhere: RichTextField, FontSelect). */
export function fieldIds(name: string, id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const fid = id ?? `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ') || undefined;
  return { fid, described };
}

export function Hint({ fid, hint }: { fid: string; hint: ReactNode }) {
  return hint ? (
    <span className="hint" id={`${fid}-hint`}>
      {hint}
    </span>
  ) : null;
}

export function ErrorText({ fid, error }: { fid: string; error: string | null | undefined }) {
  return error ? (
    <span className="error" id={`${fid}-error`}>
      {error}
    </span>
  ) : null;
}

/** What FieldFrame gives its control: the id its label points at, and its hint and error tied to it. */
export interface FramedControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame of every owner field: the label (for= the control), the hint, the control drawn by
 * `children` with the props that tie the hint and error to it (aria-describedby, aria-invalid), and
 * the error. `lang` marks the label and hint when they are in another language than the control.
 */
export function FieldFrame({
  name,
  id,
  label,
  hint,
  error,
  lang,
  children,
}: {
  name: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  lang?: string;
  children: (control: FramedControl) => ReactNode;
}) {
  const { fid, described } = fieldIds(name, id, hint, error);
  return (
    <div className="field">
      <label htmlFor={fid} lang={lang}>
        {label}
      </label>
      {hint ? (
        <span className="hint" id={`${fid}-hint`} lang={lang}>
          {hint}
        </span>
      ) : null}
      {children({ id: fid, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      <ErrorText fid={fid} error={error} />
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
}

export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
  return (
    <FieldFrame name={name} id={id} label={label} hint={hint} error={error}>
      {({ id: fid, ...aria }) => <input id={fid} name={name} {...aria} {...input} />}
    </FieldFrame>
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
  return (
    <FieldFrame name={name} id={id} label={label} hint={hint} error={error}>
      {({ id: fid, ...aria }) => (
        <select id={fid} name={name} defaultValue={defaultValue} {...aria} disabled={disabled}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
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
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error}>
      {({ id: fid, ...aria }) => <textarea id={fid} name={name} rows={rows} maxLength={maxLength} defaultValue={defaultValue} {...aria} />}
    </FieldFrame>
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
  const { fid, described } = fieldIds(name, undefined, hint, error);
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
      <Hint fid={fid} hint={hint} />
      <ErrorText fid={fid} error={error} />
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
