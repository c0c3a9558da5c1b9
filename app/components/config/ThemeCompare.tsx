// Two versions of one template compared: the server's line diff (works without JavaScript), and with
// JavaScript a side-by-side @codemirror/merge view of the two sources, with unchanged stretches folded.
import { useEffect, useRef, useState } from 'react';
import type { Hunk } from '../../config/theme-diff.js';

interface Props {
  name: string;
  before: string;
  after: string;
  hunks: Hunk[];
  /** What the two sides are called ("version 3"). */
  labelA: string;
  labelB: string;
}

export function ThemeCompare({ name, before, after, hunks, labelA, labelB }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [merged, setMerged] = useState(false);
  useEffect(() => {
    let view: { destroy(): void } | null = null;
    let cancelled = false;
    void Promise.all([import('@codemirror/merge'), import('@codemirror/view'), import('@codemirror/state')]).then(
      ([{ MergeView }, { EditorView, lineNumbers }, { EditorState }]) => {
        if (cancelled || !host.current) return;
        const extensions = [lineNumbers(), EditorState.readOnly.of(true), EditorView.editable.of(false), EditorView.lineWrapping];
        view = new MergeView({
          a: {
            doc: before,
            extensions: [...extensions, EditorView.contentAttributes.of({ 'aria-label': `${name}, ${labelA}`, tabindex: '0' })],
          },
          b: {
            doc: after,
            extensions: [...extensions, EditorView.contentAttributes.of({ 'aria-label': `${name}, ${labelB}`, tabindex: '0' })],
          },
          parent: host.current,
          collapseUnchanged: { margin: 3, minSize: 6 },
          gutter: true,
        });
        setMerged(true);
      },
    );
    return () => {
      cancelled = true;
      view?.destroy();
    };
  }, [name, before, after, labelA, labelB]);
  return (
    <div className="theme-compare">
      <h3>{name}</h3>
      <div ref={host} className="theme-merge" />
      {merged ? null : (
        <table className="theme-diff" aria-label={`Changes to ${name}`}>
          {hunks.map((h, i) => (
            <tbody key={i}>
              {h.lines.map((l, j) => (
                <tr key={j} className={l.op === '+' ? 'add' : l.op === '-' ? 'del' : undefined}>
                  <td className="num">{l.oldLine ?? ''}</td>
                  <td className="num">{l.newLine ?? ''}</td>
                  <td>{`${l.op} ${l.text}`}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
    </div>
  );
}
