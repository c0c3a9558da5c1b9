// The theme editor's form: a textarea and a note, posted to save a new version (works without
// JavaScript). With JavaScript, CodeMirror replaces the textarea (which stays the posted field) and
// the live preview renders every edit in the browser, its errors shown in the editor and as a list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Link } from '@remix-run/react';
import { Field, FieldFrame } from './Field.js';
import { ThemePreview, type PreviewError } from './ThemePreview.js';
import type { MountedEditor } from './theme-codemirror.js';

interface Props {
  name: string;
  kind: string;
  /** The version the editor shows (posted back: a newer one refuses the save). */
  version: number;
  source: string;
  note: string;
  error: string | null;
  canWrite: boolean;
  previewPages: { value: string; label: string }[];
  previewPage: string;
}

/** A save refused because the theme moved on: the version the editor opened, and the newest one. */
export interface ThemeMove {
  from: number;
  to: number;
}

/**
 * After a refused save (409): the template as the newest version has it (`version`, the other save's),
 * read-only, beside the owner's text (kept in the editor, which now builds on that version), and the
 * version the editor opened compared with it. Saving again puts the owner's text over theirs, seen.
 */
export function ThemeConflict(props: {
  moved: ThemeMove | null | undefined;
  name: string;
  version: number;
  theirs: string;
  savedBy: string;
}) {
  const { moved, name, version, theirs, savedBy } = props;
  if (!moved) return null;
  return (
    <section className="theme-conflict" aria-labelledby="theme-conflict-title" data-theme-conflict>
      <h2 id="theme-conflict-title">{`${name} in version ${version}, saved by ${savedBy}`}</h2>
      <textarea readOnly rows={12} spellCheck={false} aria-labelledby="theme-conflict-title" value={theirs} />
      <p>
        <Link to={`/config/theme/versions?a=${moved.from}&b=${version}`}>{`Compare version ${moved.from} with version ${version}`}</Link>
      </p>
    </section>
  );
}

export function ThemeEditor({ name, kind, version, source, note, error, canWrite, previewPages, previewPage }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const [current, setCurrent] = useState(source);
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void import('./theme-codemirror.js').then((m) => {
      if (cancelled || !textarea.current) return;
      editor.current = m.mountEditor(textarea.current, `Source of ${name}`, kind !== 'stylesheet', setCurrent);
      setEnhanced(true);
    });
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [name, kind]);

  const onErrors = useCallback((errors: PreviewError[]) => {
    editor.current?.setErrors(errors.map((e) => ({ ...e, severity: e.stopped || e.syntax ? 'error' : 'warning' })));
  }, []);

  return (
    <div className="theme-editor">
      <Form method="post" className="theme-source">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="base" value={version} />
        <FieldFrame name="source" id="theme-source" label={`Source of ${name}`} error={error}>
          {(control) => (
            <textarea
              {...control}
              ref={textarea}
              name="source"
              defaultValue={source}
              rows={28}
              spellCheck={false}
              readOnly={!canWrite}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
        </FieldFrame>
        {canWrite ? (
          <>
            <Field name="note" label="Note (optional)" defaultValue={note} maxLength={200} />
            <button type="submit">Save</button>
          </>
        ) : (
          <p className="hint">Your role can look at the theme; an administrator or a website manager can change it.</p>
        )}
      </Form>
      {enhanced ? (
        <ThemePreview name={name} kind={kind} source={current} pages={previewPages} initialPage={previewPage} onErrors={onErrors} />
      ) : (
        <p className="hint theme-preview-off">The live preview needs JavaScript.</p>
      )}
    </div>
  );
}
