// A labelled form control with its error (per field, announced, tied by aria-describedby) and the
// value the owner typed, so a failed post shows the form as it was sent. Works without JavaScript.
// FieldFrame draws the label, hint and error of every owner field; the controls below sit in it.
import type { InputHTMLAttributes, ReactNode } from 'react';

/** The ids a control and its hint and error share; `described` goes on the control (also for controls wired up outside the frame: the rich-text editor). */
export function fieldIds(name: string, id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const fid = id ?? `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const described = [hint ? `${fid}-hint` : null, error ? `${fid}-error` : null].filter(Boolean).join(' ') || undefined;
  return { fid, described };
}

export function ErrorText({ fid, error, alert }: { fid: string; error: string | null | undefined; alert?: boolean }) {
  return error ? (
    <span className="error" id={`${fid}-error`} role={alert ? 'alert' : undefined}>
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
 * The frame of every owner field: the label (for= the control; with `labelId` also id `${id}-label`,
 * for a control labelled by reference), the hint, the control drawn by `children` with the props
 * that tie the hint and error to it (aria-describedby, aria-invalid), and the error. `lang` marks
 * the label and hint when they are in another language than the control. `variant` 'checkbox' puts
 * the box inside its label, before the text; 'group' is a fieldset whose legend names several
 * controls (radios, a list box) and which carries the hint and error itself. `alert` reads the error
 * out at once, for a field posted by a form of its own (no FormError above it).
 */
export function FieldFrame({
  name,
  id,
  label,
  hint,
  error,
  lang,
  variant,
  className,
  alert,
  labelId,
  children,
}: {
  name: string;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  lang?: string;
  variant?: 'checkbox' | 'group';
  className?: string;
  alert?: boolean;
  labelId?: boolean;
  children: (control: FramedControl) => ReactNode;
}) {
  const { fid, described } = fieldIds(name, id, hint, error);
  const control = children({ id: fid, 'aria-invalid': error ? true : undefined, 'aria-describedby': described });
  const classes = ['field', variant === 'checkbox' ? 'checkbox' : null, className].filter(Boolean).join(' ');
  const hintText = hint ? (
    <span className="hint" id={`${fid}-hint`} lang={lang}>
      {hint}
    </span>
  ) : null;
  if (variant === 'group') {
    return (
      <fieldset className={classes} aria-describedby={described}>
        <legend id={labelId ? `${fid}-label` : undefined} lang={lang}>
          {label}
        </legend>
        {hintText}
        {control}
        <ErrorText fid={fid} error={error} alert={alert} />
      </fieldset>
    );
  }
  return (
    <div className={classes}>
      <label htmlFor={fid} id={labelId ? `${fid}-label` : undefined} lang={lang}>
        {variant === 'checkbox' ? (
          <>
            {control} {label}
          </>
        ) : (
          label
        )}
      </label>
      {hintText}
      {variant === 'checkbox' ? null : control}
      <ErrorText fid={fid} error={error} alert={alert} />
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
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error} variant="checkbox">
      {({ id: fid, ...aria }) => (
        <input type="checkbox" id={fid} name={name} defaultChecked={defaultChecked} disabled={disabled} {...aria} />
      )}
    </FieldFrame>
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
