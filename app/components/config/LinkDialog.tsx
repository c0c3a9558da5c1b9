// The rich-text link editor (SPEC 2): a modal dialog with the targets Page, Web Address, Email,
// Phone and File, the options open in a new window and link name, and for email a subject, CC,
// BCC and body. The rules and texts are app/edits/rich-text-links.ts's, shown at each field.
import { useId, useState, type ReactNode } from 'react';
import { Dialog, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import {
  buildLink,
  LINK_KIND_LABELS,
  LINK_KINDS,
  type LinkChoices,
  type LinkDraft,
  type LinkField,
  type LinkKind,
} from '../../edits/rich-text-links.js';
import { FieldFrame, type FramedControl } from './Field.js';
import type { EditorLink } from './rich-text-editor.js';

interface LinkDialogProps {
  initial: LinkDraft;
  /** The dialog was opened on an existing link: it can be removed. */
  editing: boolean;
  choices: LinkChoices;
  /** undefined: cancelled; null: remove the link; else the link to apply. */
  onClose: (result: EditorLink | null | undefined) => void;
}

export function LinkDialog({ initial, editing, choices, onClose }: LinkDialogProps) {
  const [draft, setDraft] = useState<LinkDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<LinkField, string>>>({});
  const id = useId();
  const set = (field: keyof LinkDraft) => (value: string | boolean) => setDraft((d) => ({ ...d, [field]: value }));

  const apply = () => {
    const result = buildLink(draft, choices);
    if (!result.ok) {
      setErrors(result.errors);
      // The first field with an error gets the keyboard (its text is read with it).
      const first = Object.keys(result.errors)[0];
      requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
      return;
    }
    onClose({ href: result.href, text: draft.text.trim(), fallback: result.text, newWindow: result.newWindow });
  };

  const field = (name: LinkField, label: string, input: (props: InputProps) => ReactNode) => (
    <FieldFrame name={name} id={`${id}-${name}`} label={label} error={errors[name]}>
      {(control) => input({ ...control, value: draft[name], onChange: (e) => set(name)(e.target.value) })}
    </FieldFrame>
  );
  const text = (name: LinkField, label: string, type = 'text') => field(name, label, (p) => <input type={type} {...p} />);

  return (
    <ModalOverlay className="link-dialog-overlay" isOpen isDismissable onOpenChange={(open) => (open ? null : onClose(undefined))}>
      <Modal className="link-dialog-modal">
        <Dialog className="link-dialog">
          <form
            // The dialog sits in a portal, but React sends its events through the page's form: keep them here.
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              apply();
            }}
            noValidate
          >
            <Heading slot="title">{editing ? 'Edit link' : 'Add a link'}</Heading>
            <RadioGroup
              className="link-kinds"
              orientation="horizontal"
              value={draft.kind}
              onChange={(v) => {
                setDraft((d) => ({ ...d, kind: v as LinkKind }));
                setErrors({});
              }}
            >
              <Label>Link to</Label>
              {LINK_KINDS.map((k) => (
                <Radio key={k} value={k}>
                  {LINK_KIND_LABELS[k]}
                </Radio>
              ))}
            </RadioGroup>
            {draft.kind === 'page'
              ? field('page', 'Page', (p) => (
                  <select {...p}>
                    <option value="">Choose a page</option>
                    {choices.pages.map((pg) => (
                      <option key={pg.path} value={pg.path}>
                        {`${pg.title} (${pg.path})`}
                      </option>
                    ))}
                  </select>
                ))
              : null}
            {draft.kind === 'url' ? text('url', 'URL') : null}
            {draft.kind === 'email' ? (
              <>
                {text('email', 'Email address', 'email')}
                {text('subject', 'Subject')}
                {text('cc', 'CC')}
                {text('bcc', 'BCC')}
                {field('body', 'Body', (p) => (
                  <textarea rows={3} {...p} />
                ))}
              </>
            ) : null}
            {draft.kind === 'phone' ? text('phone', 'Phone number', 'tel') : null}
            {draft.kind === 'file'
              ? field('file', 'File', (p) => (
                  <select {...p}>
                    <option value="">{choices.files.length ? 'Choose a file' : 'No files yet: upload one in Files'}</option>
                    {choices.files.map((f) => (
                      <option key={f.path} value={f.path}>
                        {f.name}
                      </option>
                    ))}
                  </select>
                ))
              : null}
            {text('text', 'Link name')}
            <FieldFrame name="newWindow" id={`${id}-newWindow`} label="Open in new window" variant="checkbox">
              {(control) => (
                <input type="checkbox" {...control} checked={draft.newWindow} onChange={(e) => set('newWindow')(e.target.checked)} />
              )}
            </FieldFrame>
            <div className="row-actions">
              <button type="submit">{editing ? 'Save link' : 'Add link'}</button>
              {editing ? (
                <button type="button" className="secondary" onClick={() => onClose(null)}>
                  Remove link
                </button>
              ) : null}
              <button type="button" className="secondary" onClick={() => onClose(undefined)}>
                Cancel
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

interface InputProps extends FramedControl {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}
