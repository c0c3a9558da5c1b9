// The Design screen's live preview (JavaScript only): the site's home page in a same-origin iframe,
// whose root element gets the form's custom properties and whose document gets the chosen fonts'
// @font-face rules at every change, before anything is saved.
import { useCallback, useEffect, useRef } from 'react';
import { COLOUR_ROLES, FONT_ROLES } from '../../design/design.js';
import { fontFaceCss, type Font } from '../../design/fonts.js';

const STYLE_ID = 'design-preview-fonts';

interface DesignPreviewProps {
  /** The custom properties chosen now, by name; a role not in it shows the theme's own. */
  variables: Record<string, string>;
  fonts: readonly Font[];
}

export function DesignPreview({ variables, fonts }: DesignPreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const apply = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    const root = doc.documentElement;
    // 'initial' makes a property the guaranteed-invalid value, so var(--x, <theme's>) falls back to
    // the theme's even when a saved design defines --x in the stylesheet.
    for (const r of [...FONT_ROLES, ...COLOUR_ROLES]) root.style.setProperty(r.variable, variables[r.variable] ?? 'initial');
    let style = doc.getElementById(STYLE_ID);
    if (!style) {
      style = doc.createElement('style');
      style.id = STYLE_ID;
      doc.head.appendChild(style);
    }
    const css = fonts.map(fontFaceCss).join('\n');
    if (style.textContent !== css) style.textContent = css;
  }, [variables, fonts]);
  useEffect(apply, [apply]);
  return (
    <section className="design-preview" aria-labelledby="design-preview-h">
      <h2 id="design-preview-h">Preview</h2>
      <p className="hint">Your home page with the choices above, before you save.</p>
      {/* A picture of the site, not a second place to browse: inert keeps focus and screen readers
          on the form (and its landmarks out of this page's). React 18 passes inert through as a string. */}
      <iframe ref={frame} src="/" title="Preview of your site" onLoad={apply} tabIndex={-1} {...{ inert: '' }} />
    </section>
  );
}
