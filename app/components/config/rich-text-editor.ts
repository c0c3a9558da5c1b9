// Quill 2 over a form's textarea (browser only: RichTextField imports this lazily, so neither the
// server bundle nor a screen without rich text loads Quill). The textarea stays the submitted field
// and follows the editor's HTML; the toolbar is SPEC 2's, with labelled buttons; links go through
// the link editor dialog (RichTextField) instead of Quill's own tooltip.
import Quill from 'quill';
import type { Range } from 'quill';
import 'quill/dist/quill.snow.css';
import '../../styles/rich-text.css';

/** A link as the dialog edits it. */
export interface EditorLink {
  href: string;
  /** The link name typed in the dialog ('' when left empty). */
  text: string;
  newWindow: boolean;
  /** The text for a new link with no name (the page's title, the address...). */
  fallback?: string;
}

export interface MountedEditor {
  /** Applies the dialog's link to the text it was opened on (null: removes the link there). */
  applyLink(link: EditorLink | null): void;
  /** Replaces the content (the page as the server saved it), with a fresh undo history. */
  setHtml(html: string): void;
  /** Gives the editor the keyboard back (the dialog was closed). */
  focus(): void;
  destroy(): void;
}

type LinkValue = string | { href: string; blank: true };

const LinkBase = Quill.import('formats/link') as unknown as {
  new (...args: never[]): { domNode: HTMLElement; format(name: string, value: unknown): void; length(): number };
  create(value: string): HTMLElement;
  sanitize(url: string): string;
  blotName: string;
  tagName: string;
};

// Quill's link always opens a new window; ours does only when the owner asks ("open in new window").
class SiteLink extends LinkBase {
  static create(value: LinkValue): HTMLElement {
    const v = typeof value === 'string' ? { href: value, blank: false } : value;
    const node = super.create(v.href);
    if (!v.blank) {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
    return node;
  }

  static formats(node: HTMLElement): LinkValue {
    const href = node.getAttribute('href') ?? '';
    return node.getAttribute('target') === '_blank' ? { href, blank: true } : href;
  }

  format(name: string, value: unknown): void {
    if (name !== 'link' || !value) {
      super.format(name, value);
      return;
    }
    const v = typeof value === 'string' ? { href: value, blank: false } : (value as { href: string; blank: boolean });
    this.domNode.setAttribute('href', SiteLink.sanitize(v.href));
    if (v.blank) {
      this.domNode.setAttribute('target', '_blank');
      this.domNode.setAttribute('rel', 'noopener noreferrer');
    } else {
      this.domNode.removeAttribute('target');
      this.domNode.removeAttribute('rel');
    }
  }
}

let registered = false;
function register() {
  if (registered) return;
  registered = true;
  Quill.register(SiteLink as never, true);
  // Alignment as style="text-align:..." (the storefront has no Quill classes; the sanitiser keeps it).
  Quill.register(Quill.import('attributors/style/align') as never, true);
}

/** The formats the toolbar offers, and images so that a page's existing images are kept. */
const FORMATS = ['bold', 'italic', 'header', 'list', 'align', 'link', 'color', 'background', 'image'];

const UNDO =
  '<svg viewBox="0 0 18 18" aria-hidden="true"><polygon class="ql-fill ql-stroke" points="6 10 4 12 2 10 6 10"></polygon><path class="ql-stroke" d="M8.09,13.91A4.6,4.6,0,0,0,9,14,5,5,0,1,0,4,9"></path></svg>';
const REDO =
  '<svg viewBox="0 0 18 18" aria-hidden="true"><polygon class="ql-fill ql-stroke" points="12 10 14 12 16 10 12 10"></polygon><path class="ql-stroke" d="M9.91,13.91A4.6,4.6,0,0,1,9,14a5,5,0,1,1,5-5"></path></svg>';

const COLOUR_NAMES: Record<string, string> = {
  '#000000': 'Black',
  '#e60000': 'Red',
  '#ff9900': 'Orange',
  '#ffff00': 'Yellow',
  '#008a00': 'Green',
  '#0066cc': 'Blue',
  '#9933ff': 'Purple',
  '#ffffff': 'White',
};

function toolbarHtml(): string {
  const button = (cls: string, label: string, value?: string) =>
    `<button type="button" class="ql-${cls}" aria-label="${label}"${value ? ` value="${value}"` : ''}></button>`;
  return [
    `<span class="ql-formats">${button('bold', 'Bold')}${button('italic', 'Italic')}</span>`,
    '<span class="ql-formats"><select class="ql-header" aria-label="Text style">' +
      '<option value="2">Heading 2</option><option value="3">Heading 3</option><option value="4">Heading 4</option>' +
      '<option selected>Normal</option></select></span>',
    `<span class="ql-formats">${button('list', 'Numbered list', 'ordered')}${button('list', 'Bulleted list', 'bullet')}</span>`,
    '<span class="ql-formats"><select class="ql-align" aria-label="Alignment"><option selected>Left</option>' +
      '<option value="center">Centre</option><option value="right">Right</option><option value="justify">Justify</option></select></span>',
    `<span class="ql-formats">${button('link', 'Link')}</span>`,
    '<span class="ql-formats"><select class="ql-color" aria-label="Text colour"></select>' +
      '<select class="ql-background" aria-label="Background colour"></select></span>',
    `<span class="ql-formats">${button('undo', 'Undo')}${button('redo', 'Redo')}</span>`,
  ].join('');
}

/** Quill's pickers copy the select's label onto a plain span: move it to the picker's button, and name each option. */
function labelPickers(toolbar: HTMLElement) {
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const label = picker.getAttribute('aria-label') ?? '';
    picker.removeAttribute('aria-label');
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', label);
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const value = item.getAttribute('data-value');
      const text = item.getAttribute('data-label');
      const name = text || (value ? (COLOUR_NAMES[value.toLowerCase()] ?? value) : 'Default');
      item.setAttribute('aria-label', picker.classList.contains('ql-color-picker') ? `${label}: ${name}` : name);
    }
  }
}

/** The editor's HTML for the textarea: lists as <ul>/<ol>, '' when empty. */
function htmlOf(quill: Quill): string {
  if (quill.getLength() <= 1 && quill.getText().trim() === '') return '';
  // Quill 2 writes every space of text as &nbsp; here, which would stop lines wrapping on the storefront.
  return quill.getSemanticHTML().replace(/&nbsp;/g, ' ');
}

export function mountEditor(opts: {
  host: HTMLElement;
  textarea: HTMLTextAreaElement;
  labelledBy: string;
  describedBy?: string;
  onLink: (current: EditorLink) => void;
}): MountedEditor {
  register();
  const { host, textarea } = opts;
  const toolbar = document.createElement('div');
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', 'Formatting');
  toolbar.innerHTML = toolbarHtml();
  const box = document.createElement('div');
  host.replaceChildren(toolbar, box);

  let linkRange: Range | null = null;
  const quill: Quill = new Quill(box, {
    theme: 'snow',
    formats: FORMATS,
    modules: {
      history: { delay: 1000, maxStack: 200, userOnly: true },
      toolbar: {
        container: toolbar,
        handlers: {
          link: () => openLink(),
          undo: () => quill.history.undo(),
          redo: () => quill.history.redo(),
        },
      },
    },
  });
  toolbar.querySelector('.ql-undo')!.innerHTML = UNDO;
  toolbar.querySelector('.ql-redo')!.innerHTML = REDO;
  labelPickers(toolbar);
  // The link editor replaces Quill's tooltip (its unlabelled input would fail axe and skip our checks).
  (quill.theme as unknown as { tooltip?: { root: HTMLElement } }).tooltip?.root.remove();

  const root = quill.root;
  root.setAttribute('role', 'textbox');
  root.setAttribute('aria-multiline', 'true');
  root.setAttribute('aria-labelledby', opts.labelledBy);
  if (opts.describedBy) root.setAttribute('aria-describedby', opts.describedBy);

  quill.setContents(quill.clipboard.convert({ html: textarea.value, text: '' }), 'silent');
  quill.history.clear();
  const sync = () => {
    textarea.value = htmlOf(quill);
  };
  quill.on('text-change', sync);

  /** The whole link around `index` when the cursor is in one, else null. */
  function linkAround(index: number): Range | null {
    const [blot, offset] = quill.scroll.descendant((b: unknown) => b instanceof SiteLink, index) as unknown as [SiteLink | null, number];
    return blot ? { index: index - offset, length: blot.length() } : null;
  }

  function openLink() {
    let range = quill.getSelection() ?? { index: Math.max(0, quill.getLength() - 1), length: 0 };
    if (range.length === 0) range = linkAround(range.index) ?? range;
    linkRange = range;
    const link = quill.getFormat(range).link as LinkValue | LinkValue[] | undefined;
    const value = Array.isArray(link) ? link[0] : link;
    const href = value === undefined ? '' : typeof value === 'string' ? value : value.href;
    opts.onLink({ href, text: quill.getText(range.index, range.length), newWindow: typeof value === 'object' });
  }

  return {
    applyLink(link) {
      const r = linkRange ?? { index: Math.max(0, quill.getLength() - 1), length: 0 };
      if (!link) {
        if (r.length > 0) quill.formatText(r.index, r.length, 'link', false, 'user');
        quill.setSelection(r.index + r.length, 0, 'user');
        return;
      }
      const value: LinkValue = link.newWindow ? { href: link.href, blank: true } : link.href;
      const selected = quill.getText(r.index, r.length);
      let end = r.index + r.length;
      // Selected text keeps its words (and its lines) unless the owner typed another name for it.
      if (r.length > 0 && (link.text === '' || link.text === selected.trim() || selected.includes('\n'))) {
        quill.formatText(r.index, r.length, 'link', value, 'user');
      } else {
        const text = link.text || link.fallback || link.href;
        if (r.length > 0) quill.deleteText(r.index, r.length, 'user');
        quill.insertText(r.index, text, { link: value }, 'user');
        end = r.index + text.length;
      }
      quill.setSelection(end, 0, 'user');
      sync();
    },
    setHtml(html) {
      quill.setContents(quill.clipboard.convert({ html, text: '' }), 'silent');
      quill.history.clear();
      sync();
    },
    focus() {
      quill.focus();
    },
    destroy() {
      quill.off('text-change', sync);
      host.replaceChildren();
    },
  };
}
