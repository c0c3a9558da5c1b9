// The theme stylesheet's hashed URL: the same CSS always gives the same URL (computed once), any
// change gives another; a theme without CSS links none; names that are no hash are 404 at once.
import { describe, expect, it } from 'vitest';
import { stylesheetResponse, themeStylesheet } from '../../../app/storefront/theme-css.server.js';

describe('themeStylesheet', () => {
  it('names the CSS by its content, once per version', () => {
    const a = themeStylesheet({ stylesheet: 'body { color: red; }' })!;
    expect(a.href).toMatch(/^\/theme\/[0-9a-f]{16}\.css$/);
    expect(a.href).toBe(`/theme/${a.hash}.css`);
    expect(a.etag).toBe(`"${a.hash}"`);
    expect(themeStylesheet({ stylesheet: 'body { color: red; }' })).toBe(a);
    const b = themeStylesheet({ stylesheet: 'body { color: blue; }' })!;
    expect(b.hash).not.toBe(a.hash);
  });

  it('gives no stylesheet for a theme without CSS', () => {
    expect(themeStylesheet({ stylesheet: null })).toBeNull();
  });
});

describe('stylesheetResponse', () => {
  it.each(['x.css', 'theme.css', '0123456789abcdef.js', '0123456789ABCDEF.css', '0123456789abcdef0.css', ''])(
    'answers %j with 404, without reading the theme',
    async (file) => {
      const res = await stylesheetResponse(new Request(`http://shop.test/theme/${file}`), file);
      expect(res.status).toBe(404);
    },
  );
});
