// A page's body: a textarea of HTML that works without JavaScript, and with JavaScript the Quill
// editor over it (rich-text-editor.ts, loaded lazily) with the link editor dialog. The textarea
// stays the field the form submits; the server sanitises whatever arrives (sanitize.server.ts).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EMPTY_DRAFT, parseHref, type LinkChoices, type LinkDraft } from '../../edits/rich-text-links.js';
import { FieldFrame, fieldIds } from './Field.js';
import { LinkDialog } from './LinkDialog.js';
import type { EditorLink, MountedEditor } from './rich-text-editor.js';

interface RichTextFieldProps {
  name: string;
  label: string;
  defaultValue: string;
  error?: string | null;
  hint?: ReactNode;
  rows?: number;
  linkChoices: LinkChoices;
}

export function RichTextField({ name, label, defaultValue, error, hint, rows = 14, linkChoices }: RichTextFieldProps) {
  const { fid, described } = fieldIds(name, undefined, hint, error);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [link, setLink] = useState<{ draft: LinkDraft; editing: boolean } | null>(null);

  useEffect(() => {
    let gone = false;
    import('./rich-text-editor.js')
      .then(({ mountEditor }) => {
        if (gone || !host.current || !textarea.current) return;
        editor.current = mountEditor({
          host: host.current,
          textarea: textarea.current,
          labelledBy: `${fid}-label`,
          describedBy: described,
          onLink: (current: EditorLink) =>
            setLink({
              draft: { ...(current.href ? parseHref(current.href) : EMPTY_DRAFT), text: current.text, newWindow: current.newWindow },
              editing: current.href !== '',
            }),
        });
        setEnhanced(true);
      })
      // Without the editor (a chunk that failed to load), the textarea is still there and works.
      .catch(() => undefined);
    return () => {
      gone = true;
      editor.current?.destroy();
      editor.current = null;
    };
    // Mounted once: the textarea's first value is the editor's content; the editor then owns it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the form last posted of this field: a refused post comes back with it as the field's value.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const form = textarea.current?.form;
    if (!form) return;
    const onSubmit = () => {
      sent.current = textarea.current?.value ?? null;
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  // After a save the loader sends the page as stored (sanitised): the editor shows that, not what was
  // typed. A refused post's answer is what was posted: the editor keeps what was typed since.
  useEffect(() => {
    const t = textarea.current;
    if (editor.current && t && t.value !== defaultValue && defaultValue !== sent.current) {
      t.value = defaultValue;
      editor.current.setHtml(defaultValue);
    }
  }, [defaultValue]);

  const close = (result: EditorLink | null | undefined) => {
    setLink(null);
    // undefined: cancelled; null: remove the link; else apply it.
    if (result !== undefined) editor.current?.applyLink(result);
    else editor.current?.focus();
  };

  return (
    <FieldFrame name={name} label={label} hint={hint} error={error} labelId className={`rich-text${enhanced ? ' enhanced' : ''}`}>
      {({ id, ...aria }) => (
        <>
          <div ref={host} className="rich-text-editor" />
          <textarea ref={textarea} id={id} name={name} rows={rows} defaultValue={defaultValue} hidden={enhanced} {...aria} />
          {link ? <LinkDialog initial={link.draft} editing={link.editing} choices={linkChoices} onClose={close} /> : null}
        </>
      )}
    </FieldFrame>
  );
}
