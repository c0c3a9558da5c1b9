// The Design screen through the built server: fonts and colours saved from the plain form become
// custom properties and @font-face rules (for exactly the chosen fonts) at the top of the site's
// stylesheet, under a new hash; the font files are served immutable, and nothing outside the
// catalog is; bad colours come back with the spec's texts and what was typed; a role without
// design.write may look but not save.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const EMPTY = { headingFont: '', bodyFont: '', background: '', text: '', accent: '', button: '', buttonText: '' };
const LINK = /<link rel="stylesheet" href="(\/theme\/[0-9a-f]{16}\.css)"\/>/;

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
/** The value attribute of the input with `id`. */
const valueOf = (html: string, id: string) => unescape(new RegExp(`<input[^>]*\\bid="${id}"[^>]*\\bvalue="([^"]*)"`).exec(html)?.[1] ?? '');
const errorOf = (html: string, id: string) =>
  unescape(new RegExp(`<span class="error" id="${id}-error">([^<]*)</span>`).exec(html)?.[1] ?? '');
/** The option selected by default in the select with `id` (React marks it `selected`). */
const selectedOf = (html: string, id: string) => {
  const select = new RegExp(`<select[^>]*\\bid="${id}"[\\s\\S]*?</select>`).exec(html)?.[0] ?? '';
  return /<option[^>]*value="([^"]*)"[^>]*selected/.exec(select)?.[1] ?? null;
};

/**
 * The stylesheet the home page links to, and its text. A server of several workers (the suite's may
 * run 2: X-Storefront-Worker says which answered) may answer from a worker that has not yet heard
 * of a save made through another (NOTIFY, moments): then asked again until `shows` it.
 */
async function stylesheet(shows: (css: string) => boolean = () => true): Promise<{ href: string; css: string }> {
  const { href, status, css } = await vi.waitFor(
    async () => {
      const home = await new Visitor().get('/');
      const href = LINK.exec(await home.text())?.[1];
      const res = href ? await new Visitor().get(href) : null;
      const css = res?.status === 200 ? await res.text() : '';
      // One worker (no header) has nothing to hear of: its first answer is the one checked.
      if (home.headers.get('x-storefront-worker') !== null && !(res?.status === 200 && shows(css)))
        throw new Error(`${href ?? 'the stylesheet'} does not show the save yet (${res?.status ?? 'no link'})`);
      return { href, status: res?.status, css };
    },
    { timeout: scaled(10_000), interval: 50 },
  );
  expect(href).toBeTruthy();
  expect(status).toBe(200);
  return { href: href!, css };
}

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});
afterAll(async () => {
  // Back to the theme's own fonts and colours, for the suite's other files.
  expect((await admin.postForm('/config/design', EMPTY)).status).toBe(303);
});

describe('/config/design', () => {
  it('shows the plain form: a select of fonts grouped by category and a text field per colour', async () => {
    const res = await admin.get('/config/design');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Design</h1>');
    for (const c of ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'])
      expect(html).toContain(`<optgroup label="${c}">`);
    expect(html).toMatch(/<select[^>]*id="f-headingFont"[^>]*name="headingFont"/);
    for (const f of ['background', 'text', 'accent', 'button', 'buttonText'])
      expect(html).toMatch(new RegExp(`<input[^>]*id="f-${f}"[^>]*name="${f}"`));
    expect(html).toContain('>Save design</button>');
    expect(html).toContain('href="/config/design"');
  });

  it('saves fonts and colours; the stylesheet gets a new hash with the variables and the faces of exactly those fonts', async () => {
    const before = await stylesheet();
    expect(before.css).not.toContain('--color-accent:');
    expect(before.css).not.toContain('@font-face');

    const res = await admin.postForm('/config/design', {
      ...EMPTY,
      headingFont: 'playfair-display',
      bodyFont: 'work-sans',
      accent: 'hsl(0, 100%, 50%)',
      text: 'rgb(10 20 30 / 50%)',
      button: '#0A0',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/config/design?saved=1');

    const page = await (await admin.get('/config/design?saved=1')).text();
    expect(page).toContain('Design saved.');
    expect(selectedOf(page, 'f-headingFont')).toBe('playfair-display');
    expect(selectedOf(page, 'f-bodyFont')).toBe('work-sans');
    expect(valueOf(page, 'f-accent')).toBe('#ff0000');
    expect(valueOf(page, 'f-text')).toBe('rgba(10, 20, 30, 0.5)');
    expect(valueOf(page, 'f-button')).toBe('#00aa00');
    expect(valueOf(page, 'f-background')).toBe('');

    const after = await stylesheet((css) => css.includes('--color-accent: #ff0000;'));
    expect(after.href).not.toBe(before.href);
    // The old URL still leads to the current file.
    const old = await new Visitor().get(before.href);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(after.href);

    const root = /:root \{ (--font-heading[^}]*)\}/.exec(after.css)?.[1] ?? '';
    expect(root).toContain('--font-heading: "Playfair Display", Georgia, "Times New Roman", serif;');
    expect(root).toContain('--font-body: "Work Sans", system-ui');
    expect(root).toContain('--color-accent: #ff0000;');
    expect(root).toContain('--color-text: rgba(10, 20, 30, 0.5);');
    expect(root).toContain('--color-button: #00aa00;');
    expect(root).not.toContain('--color-background');
    // The design comes first; the theme's own CSS (which reads the variables) after it.
    expect(after.css.indexOf(':root { --font-heading')).toBeLessThan(after.css.indexOf('var(--color-accent'));
    expect(after.css.endsWith(before.css)).toBe(true);

    const families = new Set([...after.css.matchAll(/@font-face \{ font-family: "([^"]+)"/g)].map((m) => m[1]));
    expect([...families].sort()).toEqual(['Playfair Display', 'Work Sans']);
    const faces = after.css.match(/@font-face \{[^}]*\}/g) ?? [];
    expect(faces.length).toBe(12 + 18);
    for (const f of faces) expect(f).toContain('font-display: swap;');

    expect(await auditHas(admin, 'design', { actor: 'owner@example.com', action: 'design.update', target: 'Fonts and colours' })).toBe(
      true,
    );
  });

  it('serves the font files of the stylesheet as immutable woff2, with a strong ETag', async () => {
    const { css } = await stylesheet();
    const url = /url\("(\/fonts\/playfair-display\/playfair-display-latin-700-normal\.woff2)"\)/.exec(css)?.[1];
    expect(url).toBeTruthy();
    const res = await new Visitor().get(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/woff2');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(body.slice(0, 4))).toBe('wOF2');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await new Visitor().get(url!, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
  });

  it('answers 404 for any file outside the catalog, a path outside the package included', async () => {
    for (const path of [
      '/fonts/lora/lora-latin-400-normal.woff',
      '/fonts/lora/lora-cyrillic-400-normal.woff2',
      '/fonts/lora/inter-latin-400-normal.woff2',
      '/fonts/nope/nope-latin-400-normal.woff2',
      '/fonts/lora/..%2Fpackage.json',
      '/fonts/lora/..%2F..%2F..%2Fpackage.json',
      '/fonts/..%2Flora/lora-latin-400-normal.woff2',
      '/fonts/lora/files%2Flora-latin-400-normal.woff2',
    ]) {
      const res = await new Visitor().get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).not.toBe('font/woff2');
    }
  });

  it('answers bad colours and fonts with the texts, keeps what was typed, and saves nothing', async () => {
    const { href } = await stylesheet();
    const typed = {
      ...EMPTY,
      headingFont: 'comic-sans',
      background: 'hsl(400, 50%, 50%)',
      text: 'hsl(10, 150%, 50%)',
      accent: 'hsl(10, 50%, 101%)',
      button: 'rgba(0, 0, 0, 1.5)',
      buttonText: '#12345',
    };
    const res = await admin.postForm('/config/design', typed);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Update the missing or invalid information above.');
    expect(errorOf(html, 'f-headingFont')).toBe('Choose a font from the list.');
    expect(errorOf(html, 'f-background')).toBe('Hue out of bounds.');
    expect(errorOf(html, 'f-text')).toBe('Saturation out of bounds.');
    expect(errorOf(html, 'f-accent')).toBe('Lightness out of bounds.');
    expect(errorOf(html, 'f-button')).toBe('Alpha out of bounds.');
    expect(errorOf(html, 'f-buttonText')).toBe('A hex colour has 3 or 6 hex digits, such as #2c5c6a.');
    for (const k of ['background', 'text', 'accent', 'button', 'buttonText'] as const) expect(valueOf(html, `f-${k}`)).toBe(typed[k]);
    expect(html).toMatch(/<input[^>]*id="f-background"[^>]*aria-invalid="true"/);
    // Nothing saved: the stylesheet is the one of the last save.
    expect((await stylesheet()).href).toBe(href);

    const missing = await (await admin.postForm('/config/design', { ...EMPTY, accent: 'hsl(10, 50%)' })).text();
    expect(errorOf(missing, 'f-accent')).toBe('Missing an H/S/L value.');
  });

  it('lets a role without design.write look but not save', async () => {
    const { visitor } = await visitorWithRole(admin, 4);
    const page = await visitor.get('/config/design');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your role may look at the design but not change it.');
    expect(html).not.toContain('>Save design</button>');
    const { href } = await stylesheet();
    const refused = await visitor.postForm('/config/design', { ...EMPTY, accent: '#000' });
    expect(refused.status).toBe(403);
    expect((await stylesheet()).href).toBe(href);
  });

  it('goes back to the theme as it was when every choice is emptied', async () => {
    expect((await admin.postForm('/config/design', EMPTY)).status).toBe(303);
    const { css } = await stylesheet((text) => !text.includes('--color-accent:'));
    expect(css).not.toContain('@font-face');
    expect(css).not.toContain('--color-accent:');
    expect(css.startsWith('/* Saltgrass theme')).toBe(true);
  });
});
