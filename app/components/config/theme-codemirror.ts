// CodeMirror 6 over the theme editor's textarea (loaded only in the browser, on demand): line
// numbers, highlighting of the template language, undo, and errors as lint diagnostics with
// gutter markers. The textarea stays the form's field: every change is written back to it.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { templateLanguage } from './template-language.js';

export interface EditorError {
  line: number | null;
  column: number | null;
  message: string;
  severity: 'error' | 'warning';
}

export interface MountedEditor {
  view: EditorView;
  setErrors(errors: EditorError[]): void;
  destroy(): void;
}

/** Replaces `textarea` by an editor; `onChange` gets the new source on every edit. */
export function mountEditor(
  textarea: HTMLTextAreaElement,
  label: string,
  template: boolean,
  onChange: (source: string) => void,
): MountedEditor {
  const view = new EditorView({
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        template ? templateLanguage : [],
        syntaxHighlighting(defaultHighlightStyle),
        lintGutter(),
        EditorView.lineWrapping,
        // tabindex 0 on the editable content: axe then sees the scroller's keyboard access (scrollable-region-focusable).
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          const source = u.state.doc.toString();
          textarea.value = source;
          onChange(source);
        }),
      ],
    }),
  });
  textarea.insertAdjacentElement('afterend', view.dom);
  textarea.hidden = true;
  return {
    view,
    setErrors(errors) {
      const doc = view.state.doc;
      const diagnostics: Diagnostic[] = errors.map((e) => {
        // An error without a position (most runtime errors) is shown on the first line.
        const line = doc.line(Math.min(Math.max(e.line ?? 1, 1), doc.lines));
        const from = Math.min(line.from + Math.max((e.column ?? 1) - 1, 0), line.to);
        return { from, to: Math.max(from, line.to), severity: e.severity, message: e.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy() {
      view.destroy();
      textarea.hidden = false;
    },
  };
}
