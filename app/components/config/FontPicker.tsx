// The font picker of the Design screen (with JavaScript): search, category filter, the fonts the
// site already uses ("Fonts in Style Guide"), and every font shown in its own face, each face
// loaded only when its row scrolls into view. Without JavaScript the screen has a plain select.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  SearchField,
  ToggleButton,
  ToggleButtonGroup,
  type Key,
} from 'react-aria-components';
import { FONT_CATEGORIES, fontFaces, fontStack, type Font } from '../../design/fonts.js';
import { FieldFrame } from './Field.js';

type Preview = 'loading' | 'ready' | 'failed';

// One load per font for the whole page (both pickers share it): its upright regular face.
const previews = new Map<string, Promise<boolean>>();

function loadPreview(font: Font): Promise<boolean> {
  let p = previews.get(font.id);
  if (!p) {
    const face = fontFaces(font).find((f) => f.style === 'normal' && f.weight === 400) ?? fontFaces(font)[0];
    const ff = new FontFace(font.family, `url("${face.url}") format("woff2")`, { weight: String(face.weight), style: face.style });
    document.fonts.add(ff);
    p = ff.load().then(
      () => true,
      () => false,
    );
    previews.set(font.id, p);
  }
  return p;
}

/** The state of `font`'s preview face, loaded once `ref` is on screen. */
function usePreview(font: Font, ref: React.RefObject<HTMLElement>, onFailed: (id: string) => void): Preview {
  const [state, setState] = useState<Preview>('loading');
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let live = true;
    const start = () =>
      loadPreview(font).then((ok) => {
        if (!live) return;
        setState(ok ? 'ready' : 'failed');
        if (!ok) onFailed(font.id);
      });
    if (typeof IntersectionObserver === 'undefined') {
      void start();
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void start();
      }
    });
    io.observe(el);
    return () => {
      live = false;
      io.disconnect();
    };
  }, [font, ref, onFailed]);
  return state;
}

function FontName({ font, onFailed }: { font: Font; onFailed: (id: string) => void }) {
  const ref = useRef<HTMLSpanElement>(null);
  const state = usePreview(font, ref, onFailed);
  return (
    <span ref={ref} className="font-option">
      <span className="font-sample" style={{ fontFamily: fontStack(font) }} data-preview={state}>
        {font.family}
      </span>
      <span className="font-category">{font.category}</span>
      {state === 'failed' ? <span className="error">{`Unable to load preview for ${font.family}`}</span> : null}
    </span>
  );
}

interface FontPickerProps {
  /** The field's name (its hidden input is posted as the select is without JavaScript). */
  name: string;
  label: string;
  fonts: readonly Font[];
  /** The fonts the site uses now, offered first. */
  inStyleGuide: readonly Font[];
  value: string;
  onChange: (id: string) => void;
  error?: string | null;
  disabled?: boolean;
}

const GUIDE = 'guide:';
const THEME = 'theme';

export function FontPicker({ name, label, fonts, inStyleGuide, value, onChange, error, disabled }: FontPickerProps) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string>('all');
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const onFailed = useMemo(() => (id: string) => setFailed((s) => (s.has(id) ? s : new Set(s).add(id))), []);
  const q = query.trim().toLowerCase();
  const shown = fonts.filter((f) => (category === 'all' || f.category === category) && (q === '' || f.family.toLowerCase().includes(q)));
  const guide = inStyleGuide.filter((f) => q === '' || f.family.toLowerCase().includes(q));
  const showTheme = q === '' && category === 'all';
  const current = fonts.find((f) => f.id === value);
  const select = (keys: 'all' | Set<Key>) => {
    if (keys === 'all') return;
    const k = String([...keys][0] ?? THEME);
    onChange(k === THEME ? '' : k.startsWith(GUIDE) ? k.slice(GUIDE.length) : k);
  };
  return (
    <FieldFrame
      name={name}
      id={`fp-${name}`}
      variant="group"
      className="font-picker"
      error={error}
      label={
        <>
          {label}:{' '}
          <strong style={current ? { fontFamily: fontStack(current) } : undefined}>{current ? current.family : "The theme's font"}</strong>
        </>
      }
    >
      {(control) => (
        <>
          <input type="hidden" name={name} value={value} />
          {fonts.length > 0 && failed.size === fonts.length ? <span className="error">Unable to load fonts</span> : null}
          <SearchField value={query} onChange={setQuery} className="font-search" isDisabled={disabled}>
            <Label>Search fonts</Label>
            <Input />
            <Button aria-label="Clear search">×</Button>
          </SearchField>
          <ToggleButtonGroup
            aria-label={`${label} font category`}
            className="font-categories"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[category]}
            onSelectionChange={(keys) => setCategory(String([...keys][0] ?? 'all'))}
            isDisabled={disabled}
          >
            <ToggleButton id="all">All</ToggleButton>
            {FONT_CATEGORIES.map((c) => (
              <ToggleButton key={c} id={c}>
                {c}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ListBox
            aria-label={`${label} font`}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            className="font-list"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[value || THEME]}
            onSelectionChange={select}
            renderEmptyState={() => <p className="hint">No results found</p>}
          >
            {guide.length > 0 ? (
              <ListBoxSection id="guide">
                <Header className="font-group">Fonts in Style Guide</Header>
                {guide.map((f) => (
                  <ListBoxItem key={GUIDE + f.id} id={GUIDE + f.id} textValue={f.family}>
                    <FontName font={f} onFailed={onFailed} />
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            ) : null}
            {showTheme || shown.length > 0 ? (
              <ListBoxSection id="browse">
                <Header className="font-group">{category === 'all' ? 'Browse all' : category}</Header>
                {showTheme ? (
                  <ListBoxItem id={THEME} textValue="The theme's font">
                    <span className="font-option">
                      <span className="font-sample">The theme&apos;s font</span>
                    </span>
                  </ListBoxItem>
                ) : null}
                {shown.map((f) => (
                  <ListBoxItem key={f.id} id={f.id} textValue={f.family}>
                    <FontName font={f} onFailed={onFailed} />
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            ) : null}
          </ListBox>
        </>
      )}
    </FieldFrame>
  );
}
