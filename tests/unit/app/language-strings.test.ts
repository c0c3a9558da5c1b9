// textFrom: a storefront text in the page's language, English where the language has none.
import { describe, expect, it } from 'vitest';
import { localizedStringsFor, textFrom } from '../../../app/languages/strings.js';

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
