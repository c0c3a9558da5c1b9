// The font catalog: every font of the installed @fontsource packages in a category of SPEC 2, every
// file it names exists in its package, only those files pass isCatalogFile, and the CSS of a design.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { designCss, designOf, designVariables } from '../../../app/design/design.js';
import { FONT_CATEGORIES, FONTS, fontById, fontFaceCss, fontFaces, fontStack, isCatalogFile } from '../../../app/design/fonts.js';

const root = path.join(__dirname, '../../../node_modules/@fontsource');

describe('the font catalog', () => {
  it('has the fonts of the installed packages, each in a category of the picker', () => {
    expect(FONTS.map((f) => f.id).sort()).toEqual(fs.readdirSync(root).sort());
    for (const f of FONTS) expect(FONT_CATEGORIES).toContain(f.category);
    for (const c of FONT_CATEGORIES)
      expect(
        FONTS.some((f) => f.category === c),
        c,
      ).toBe(true);
  });

  it('names files that exist, and every latin woff2 of a package, with its family as the package declares it', () => {
    for (const f of FONTS) {
      const files = fs.readdirSync(path.join(root, f.id, 'files'));
      const latin = files.filter((n) => new RegExp(`^${f.id}-latin-\\d+-(normal|italic)\\.woff2$`).test(n)).sort();
      expect(
        fontFaces(f)
          .map((x) => x.file)
          .sort(),
        f.id,
      ).toEqual(latin);
      const css = fs.readFileSync(path.join(root, f.id, 'index.css'), 'utf8');
      expect(css).toContain(`font-family: '${f.family}'`);
    }
  });

  it('accepts only catalog files: no other name, subset, extension or path', () => {
    expect(isCatalogFile('lora', 'lora-latin-400-normal.woff2')).toBe(true);
    expect(isCatalogFile('lora', 'lora-latin-700-italic.woff2')).toBe(true);
    for (const [id, file] of [
      ['lora', 'lora-latin-400-normal.woff'],
      ['lora', 'lora-cyrillic-400-normal.woff2'],
      ['lora', 'lora-latin-100-normal.woff2'],
      ['lora', '../../../package.json'],
      ['lora', 'inter-latin-400-normal.woff2'],
      ['..', 'package.json'],
      ['inter/../lora', 'lora-latin-400-normal.woff2'],
      ['nope', 'nope-latin-400-normal.woff2'],
      ['__proto__', 'x'],
    ])
      expect(isCatalogFile(id, file), `${id}/${file}`).toBe(false);
  });

  it('writes @font-face rules with font-display: swap for every face, and a stack with a fallback', () => {
    const lora = fontById('lora')!;
    const css = fontFaceCss(lora);
    expect(css.match(/@font-face/g)).toHaveLength(8);
    expect(css).toContain(
      'font-family: "Lora"; font-style: italic; font-weight: 700; font-display: swap; src: url("/fonts/lora/lora-latin-700-italic.woff2") format("woff2")',
    );
    expect(fontStack(lora)).toBe('"Lora", Georgia, "Times New Roman", serif');
  });
});

describe('a design as CSS', () => {
  it('is empty when nothing is chosen, so the stylesheet stays as it was', () => {
    expect(designCss({})).toBe('');
    expect(designCss(designOf({ design: { headingFont: 'no-such-font', accent: 'nope' } }))).toBe('');
    expect(designCss(designOf(null))).toBe('');
  });

  it('has the @font-face rules of exactly the chosen fonts, once each, and the variables in :root', () => {
    const design = designOf({ design: { headingFont: 'lora', bodyFont: 'lora', accent: '#AA0000', text: 'rgba(0, 0, 0, 0.8)' } });
    const css = designCss(design);
    expect(css.match(/@font-face/g)).toHaveLength(8);
    expect(css).not.toContain('Inter');
    expect(css).toContain(':root { --font-heading: "Lora", Georgia, "Times New Roman", serif; --font-body: "Lora", Georgia');
    expect(css).toContain('--color-text: rgba(0, 0, 0, 0.8); --color-accent: #aa0000; }');
    expect(designVariables(designOf({ design: { bodyFont: 'inter', button: '#fff' } }))).toEqual({
      '--font-body': fontStack(fontById('inter')!),
      '--color-button': '#ffffff',
    });
  });
});
