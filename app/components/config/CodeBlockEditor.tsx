// The code block's editor: a language and a plain textarea of code (kept as text, shown escaped on
// the storefront). SPEC 2: code editing is not available on Android, so there the code is shown
// read-only with the notice, decided from the User-Agent on the server and checked again in the browser.
import { useSyncExternalStore } from 'react';
import { CODE_LANGUAGE_LABELS, CODE_LANGUAGES, CODE_MAX, CODE_TEXT, isAndroid } from '../../config/blocks/code.js';
import { FieldFrame, SelectField } from './Field.js';

const noChanges = () => () => {};

export function CodeBlockEditor({
  fields,
  errors,
  android,
}: {
  fields: Record<string, string>;
  errors: Record<string, string>;
  android: boolean;
}) {
  // The server read the User-Agent header; in the browser, navigator.userAgent says the same or better.
  const onAndroid = useSyncExternalStore(
    noChanges,
    () => android || isAndroid(navigator.userAgent),
    () => android,
  );
  return (
    <>
      {onAndroid ? (
        <p className="notice warn" role="status">
          {CODE_TEXT.android}
        </p>
      ) : null}
      <SelectField
        name="language"
        label="Language"
        options={CODE_LANGUAGES.map((l) => ({ value: l, label: CODE_LANGUAGE_LABELS[l] }))}
        defaultValue={fields.language}
        error={errors.language}
        disabled={onAndroid}
      />
      <FieldFrame name="text" label="Code" hint="Shown exactly as typed, as text: HTML here is displayed, never run." error={errors.text}>
        {(control) => (
          <textarea
            {...control}
            name="text"
            className="code-input"
            rows={14}
            maxLength={CODE_MAX}
            spellCheck={false}
            readOnly={onAndroid}
            defaultValue={fields.text ?? ''}
          />
        )}
      </FieldFrame>
    </>
  );
}
