// The storefront's back-in-stock form: the engine's markup made to post to the product page with
// its product and variant, the mailing-list box only when the site has a list, and the answer of a
// no-JavaScript post in its place.
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../../engine/node.js';
import { restockMerchandising, restockMessages } from '../../../app/forms/restock-context.js';
import { adjustRestockMarkup } from '../../../app/forms/restock-markup.js';

function page(mailingList: boolean, selected: string | null) {
  const item = {
    id: 'p1',
    variants: [
      { id: 'v1', soldOut: true },
      { id: 'v2', soldOut: false },
      { id: 'v3', soldOut: true },
    ],
    selectedVariant: selected ? { id: selected } : null,
    restockable: true,
  };
  const ctx = { item, productMerchandisingContext: { p1: restockMerchandising(item, restockMessages({}), mailingList) } };
  const { code } = compile('{.section item}{@|product-restock-notification}{.end}', { backend: 'ts' });
  return render(code, ctx, { backend: 'ts' }).output;
}

describe('restock form markup', () => {
  it('has a view per sold-out variant, the chosen one shown, the list box only with a list', () => {
    const html = page(false, 'v3');
    expect(html.match(/product-restock-notification/g)).toHaveLength(2);
    expect(html).toContain('data-variant-id="v1" hidden');
    expect(html).toContain('data-variant-id="v3">');
    expect(html).not.toContain('isJoinMailingList');
    expect(page(true, null)).toContain('name="isJoinMailingList"');
  });

  it('posts to the page with the ids, the box joining the form', () => {
    const out = adjustRestockMarkup(page(true, 'v1'), { action: '/shop/p/x?Color=Ink', successText: '', skus: { v1: 'SKU-1' } });
    expect(out).toContain('<form class="product-restock-form" id="restock-form-v1" action="/shop/p/x?Color=Ink" method="post"');
    expect(out).toContain('<input type="hidden" name="variantId" value="v1">');
    expect(out).toContain('name="isJoinMailingList" form="restock-form-v1"');
    expect(out).toContain('data-sku="SKU-1"');
  });

  it('shows the answer of the last post: an error with the address kept, or the success in the form place', () => {
    const err = adjustRestockMarkup(page(false, null), {
      action: '/p',
      successText: '',
      skus: {},
      flash: { variantId: 'v3', ok: false, message: 'Email is invalid', email: 'x"y' },
    });
    expect(err).toContain('data-variant-id="v3" data-success-text="">');
    expect(err).toContain('value="x&quot;y"');
    expect(err).toContain('role="alert">Email is invalid</p>');
    const ok = adjustRestockMarkup(page(false, 'v1'), {
      action: '/p',
      successText: '',
      skus: {},
      flash: { variantId: 'v1', ok: true, message: 'Signed up!' },
    });
    expect(ok).toContain('role="status">Signed up!</p>');
    expect(ok.match(/<form/g)).toHaveLength(1);
  });

  it("takes the owner's texts over the defaults in the page's language, an empty one being the default", () => {
    const french = { restockButtonText: 'Me prévenir', restockPlaceholderText: 'Adresse e-mail' };
    const own = { restockNotificationMessages: { buttonText: 'Tell me', placeholderText: '  ', successText: 'Noted.', CTAText: 7 } };
    expect(restockMessages(own, french)).toEqual({
      CTAText: 'Sold out. Get an email when it is back in stock.',
      placeholderText: 'Adresse e-mail',
      buttonText: 'Tell me',
      mailingListDescription: 'Also join our mailing list',
      successText: 'Noted.',
    });
    expect(restockMessages({}, french).buttonText).toBe('Me prévenir');
  });

  it("says the last post's answer in the page's language, the merchant's success text first", () => {
    const texts = {
      signedUp: 'C’est noté !',
      emailBlank: 'Obligatoire',
      emailInvalid: 'Adresse invalide',
      failed: 'Échec',
      notFound: 'Introuvable',
      inStock: 'En stock',
      tooMany: 'Trop d’envois',
      captcha: 'CAPTCHA d’abord',
    };
    const shown = (flash: { ok: boolean; message: string }, successText = '') =>
      adjustRestockMarkup(page(false, 'v1'), { action: '/fr/p', successText, skus: {}, texts, flash: { variantId: 'v1', ...flash } });
    expect(shown({ ok: true, message: 'Signed up!' })).toContain('role="status">C’est noté !</p>');
    expect(shown({ ok: true, message: 'Signed up!' }, 'Merci.')).toContain('role="status">Merci.</p>');
    expect(shown({ ok: false, message: 'Email is invalid' })).toContain('role="alert">Adresse invalide</p>');
    expect(shown({ ok: false, message: 'Complete CAPTCHA before submitting.' })).toContain('role="alert">CAPTCHA d’abord</p>');
    // A text the island has no translation of stays as the server said it.
    expect(shown({ ok: false, message: 'Nobody knows' })).toContain('role="alert">Nobody knows</p>');
  });
});
