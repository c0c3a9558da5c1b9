// textFrom: a storefront text in the page's language, English where the language has none; the
// islands' texts block, carried by a page whose texts are not all English.
import { describe, expect, it } from 'vitest';
import { localizedStringsFor, textFrom } from '../../../app/languages/strings.js';
import { islandTextsHtml } from '../../../app/storefront/island-texts.server.js';

describe('textFrom', () => {
  it('takes the language text, else the English written at the call', () => {
    const fr = localizedStringsFor({}, 'fr', false);
    expect(textFrom(fr, 'cartLinkText', 'Cart')).toBe('Panier');
    expect(textFrom(fr, 'noSuchKey', 'Cart')).toBe('Cart');
    expect(textFrom({ cartLinkText: '  ' }, 'cartLinkText', 'Cart')).toBe('Cart');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(textFrom({ k: 'Choisir {variantName} {other}' }, 'k', 'Select {variantName}', { variantName: 'Taille' })).toBe(
      'Choisir Taille {other}',
    );
    expect(textFrom(undefined, 'k', 'Only {n} left', { n: 3 })).toBe('Only 3 left');
  });
});

describe('islandTextsHtml', () => {
  const texts = (html: string) => JSON.parse(/>(.*)<\/script>$/.exec(html)![1]) as Record<string, string>;

  it('is carried by a site whose own language is German, on its default pages too, and not by an English one', () => {
    const de = islandTextsHtml(localizedStringsFor({}, 'de', true));
    expect(texts(de)).toMatchObject({
      galleryNextText: 'Nächstes Bild',
      lightboxLabel: 'Bildbetrachter',
      fieldCountText: '{count} / {max} Zeichen',
    });
    expect(islandTextsHtml(localizedStringsFor({}, 'en', true))).toBe('');
  });

  it("carries an English site's own wording, and no '<' that could end the element", () => {
    const own = islandTextsHtml(localizedStringsFor({ localizedStrings: { lightboxCloseText: '</script> Done' } }, 'en', true));
    expect(own).not.toContain('</script> Done');
    expect(texts(own)).toMatchObject({ lightboxCloseText: '</script> Done', galleryNextText: 'Next image' });
  });
});
