// The live preview of the theme editor: the context of the page the owner picks is fetched once
// (/config/theme/preview), then every edit is compiled and rendered in the browser by the engine's
// browser build (page template, then the layout with it as mainContent, as the storefront does) into
// a sandboxed iframe without scripts, at desktop, tablet or phone width. No request per keystroke.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { escapeHtml } from '../../utils/html.js';
import { UI_TEXT } from '../../utils/ui-texts.js';
import { FieldFrame } from './Field.js';

/** Where the production server serves the engine's browser build (npm run build). */
const ENGINE_URL = '/engine-browser/engine.js';

interface EngineError {
  kind: 'syntax' | 'runtime';
  message: string;
  line?: number;
  column?: number;
}
type Code = unknown;
interface BrowserEngine {
  prepare(json: unknown, options: { locale?: string | null; timeZone?: string }): Promise<boolean>;
  compile(source: string, opts?: { backend?: 'ts' | 'wasm' }): { code: Code; errors: EngineError[] };
  render(
    code: Code,
    json: unknown,
    opts: { backend?: 'ts' | 'wasm'; locale?: string; timeZone?: string; partials?: Record<string, Code> },
  ): { output: string; errors: EngineError[] };
}

interface PreviewData {
  page: string;
  template: string;
  path: string;
  context: Record<string, unknown>;
  locale: string;
  timeZone: string;
  /** The site's fonts and colours as CSS (/config/design), put before the theme's stylesheet. */
  design: string;
  sources: { layout: string; pages: Record<string, string>; partials: Record<string, string>; stylesheet: string };
  /** The running experiments, each with the variant this preview shows. */
  experiments: { name: string; variants: string[]; chosen: string }[];
}

export interface PreviewError {
  template: string;
  line: number | null;
  column: number | null;
  message: string;
  syntax: boolean;
  stopped: boolean;
}

let engine: Promise<BrowserEngine> | null = null;
function loadEngine(): Promise<BrowserEngine> {
  engine ??= import(/* @vite-ignore */ ENGINE_URL) as Promise<BrowserEngine>;
  return engine;
}

const DEVICES = [
  { id: 'desktop', label: 'Desktop', width: '100%' },
  { id: 'tablet', label: 'Tablet', width: '768px' },
  { id: 'phone', label: 'Phone', width: '375px' },
] as const;

/** The iframe's document: the draft's stylesheet inline (the iframe inherits the page's CSP, which allows inline styles). */
function documentFor(html: string, css: string, lang: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Preview of the page</title><style id="theme-css">${escapeStyle(css)}</style></head><body>${html}</body></html>`;
}

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

// Compiled templates by source: only the template being edited compiles again on a keystroke.
const compiled = new Map<string, { code: Code; errors: EngineError[] }>();

/** Renders the preview's page with the edited template in place, as the storefront does (renderThemePage). */
function renderPreview(e: BrowserEngine, preview: PreviewData, name: string, kind: string, source: string) {
  const compile = (src: string) => {
    let hit = compiled.get(src);
    if (!hit) {
      hit = e.compile(src, { backend: 'wasm' });
      compiled.set(src, hit);
      if (compiled.size > 64) compiled.delete(compiled.keys().next().value as string);
    }
    return hit;
  };
  const s = preview.sources;
  let layout = s.layout;
  let pageSource = s.pages[preview.template] ?? '';
  const partialSources = { ...s.partials };
  let css = s.stylesheet;
  if (kind === 'layout') layout = source;
  else if (kind === 'page' && name === preview.template) pageSource = source;
  else if (kind === 'partial') partialSources[name] = source;
  else if (kind === 'stylesheet') css = source;
  const started = performance.now();
  const partials: Record<string, Code> = {};
  for (const [n, src] of Object.entries(partialSources)) partials[n] = compile(src).code;
  const opts = { backend: 'wasm' as const, locale: preview.locale, timeZone: preview.timeZone, partials };
  const pageCode = compile(pageSource);
  const main = e.render(pageCode.code, preview.context, opts);
  const layoutCode = compile(layout);
  const whole = e.render(layoutCode.code, { ...preview.context, mainContent: main.output }, opts);
  const ms = performance.now() - started;
  const errors: PreviewError[] = [];
  const add = (template: string, list: EngineError[]) => {
    for (const x of list)
      errors.push({
        template,
        line: x.line ?? null,
        column: x.column ?? null,
        message: x.message,
        syntax: x.kind === 'syntax',
        stopped: x.message.startsWith('Render stopped'),
      });
  };
  add(preview.template, [...pageCode.errors, ...main.errors]);
  add('layout', [...layoutCode.errors, ...whole.errors]);
  return { html: whole.output, css: preview.design + css, errors, ms };
}

export function ThemePreview({
  name,
  kind,
  source,
  pages,
  initialPage,
  onErrors,
}: {
  name: string;
  kind: string;
  source: string;
  pages: { value: string; label: string }[];
  initialPage: string;
  onErrors: (errors: PreviewError[]) => void;
}) {
  const [page, setPage] = useState(initialPage);
  // "name:variant" pairs the owner picked; empty: each running experiment's first variant.
  const [variants, setVariants] = useState<Record<string, string>>({});
  const variantQuery = Object.entries(variants)
    .map(([k, v]) => `&experiment=${encodeURIComponent(`${k}:${v}`)}`)
    .join('');
  const [device, setDevice] = useState<string>('desktop');
  const [data, setData] = useState<{ preview: PreviewData; engine: BrowserEngine } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The preview's data could not be fetched: SPEC 8's "Unable to load. Try again.", and a way to.
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const res = await fetch(`/config/theme/preview?page=${encodeURIComponent(page)}${variantQuery}`, {
        headers: { Accept: 'application/json' },
      }).catch(() => null);
      if (!res?.ok) {
        if (!cancelled) setUnreachable(true);
        return;
      }
      if (!cancelled) setUnreachable(false);
      const preview = (await res.json()) as PreviewData;
      const e = await loadEngine();
      await e.prepare(preview.context, { locale: preview.locale, timeZone: preview.timeZone });
      if (!cancelled) setData({ preview, engine: e });
    })().catch((e: unknown) => {
      if (!cancelled) setFailure(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
    };
  }, [page, variantQuery, attempt]);

  // Rendering is synchronous and pure: it is computed during render, on every edit.
  const result = useMemo(() => (data ? renderPreview(data.engine, data.preview, name, kind, source) : null), [data, name, kind, source]);
  // The iframe's document is written once per page picked (its body empty); each render then
  // replaces its body and stylesheet in place, so the images it shows are not fetched again on each
  // keystroke. The frame may be reached (allow-same-origin) but runs no script (no allow-scripts).
  const shell = useMemo(
    () => (data ? documentFor('', data.preview.design + data.preview.sources.stylesheet, data.preview.locale || 'en') : null),
    [data],
  );
  const latest = useRef(result);
  const patch = useCallback(() => {
    const doc = frame.current?.contentDocument;
    const r = latest.current;
    if (!doc?.body || !r || doc.readyState !== 'complete') return;
    doc.body.innerHTML = r.html;
    const style = doc.getElementById('theme-css');
    if (style && style.textContent !== r.css) style.textContent = r.css;
  }, []);
  useEffect(() => {
    latest.current = result;
    patch();
    if (result) onErrors(result.errors.filter((x) => x.template === name));
  }, [result, patch, onErrors, name]);

  const width = DEVICES.find((d) => d.id === device)?.width ?? '100%';
  return (
    <section className="theme-preview" aria-label="Live preview">
      <div className="toolbar">
        <FieldFrame name="page" id="preview-page" label="Preview page">
          {(control) => (
            <select
              {...control}
              value={page}
              onChange={(e) => {
                setFailure(null);
                setPage(e.target.value);
              }}
            >
              {pages.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        {(data?.preview.experiments ?? []).map((x) => (
          <FieldFrame key={x.name} name={x.name} id={`preview-exp-${x.name}`} label={`Experiment ${x.name}`}>
            {(control) => (
              <select
                {...control}
                value={x.chosen}
                onChange={(e) => {
                  setFailure(null);
                  setVariants((v) => ({ ...v, [x.name]: e.target.value }));
                }}
              >
                {x.variants.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        ))}
        <ToggleButtonGroup
          aria-label="Preview width"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[device]}
          onSelectionChange={(keys) => setDevice(String([...keys][0] ?? 'desktop'))}
          className="theme-devices"
        >
          {DEVICES.map((d) => (
            <ToggleButton key={d.id} id={d.id} className="button secondary">
              {d.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {unreachable ? (
        <p className="form-error" role="alert">
          {UI_TEXT.unableToLoad}{' '}
          <button type="button" className="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {UI_TEXT.tryAgain}
          </button>
        </p>
      ) : null}
      {result ? (
        <>
          <p className="hint" aria-live="polite" data-testid="preview-status">
            {`${data?.preview.path ?? ''} rendered in ${result.ms.toFixed(1)} ms${result.errors.length ? `, ${result.errors.length} error(s)` : ''}`}
          </p>
          {result.errors.length > 0 ? (
            <ul className="theme-preview-errors" aria-label="Preview errors">
              {result.errors.map((x, i) => (
                <li key={i} className={x.syntax || x.stopped ? 'blocking' : 'warning'}>
                  {`${x.template}${x.line !== null ? `, line ${x.line}, column ${x.column ?? 1}` : ''}: ${x.message}`}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="theme-frame" style={{ width }}>
            <iframe ref={frame} title="Preview of the page" sandbox="allow-same-origin" srcDoc={shell ?? ''} onLoad={patch} />
          </div>
        </>
      ) : failure ? null : (
        <p className="hint">Loading the preview…</p>
      )}
    </section>
  );
}
