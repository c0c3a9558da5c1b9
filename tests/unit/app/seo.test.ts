// Title, description, canonical URL, Open Graph tags and Product JSON-LD from a template context.
import { describe, expect, it } from 'vitest';
import { absoluteUrl, clip, plainText, scriptSafeJson, seoFor, type SeoSource } from '../../../app/storefront/seo.server.js';

const website = {
  siteTitle: 'Harbour & Pine',
  siteDescription: 'Goods for slow mornings.',
  baseUrl: 'https://shop.example',
  currency: 'USD',
  locale: 'en-US',
};

function product(overrides: Partial<SeoSource> = {}): SeoSource {
  return {
    pageType: 50,
    pageTitle: 'Linen Apron — Harbour & Pine',
    canonicalUrl: 'https://shop.example/shop/p/linen-apron',
    website,
    collection: { title: 'Shop', fullUrl: '/shop' },
    item: {
      title: 'Linen Apron',
      excerpt: '<p>Stonewashed linen, &amp; deep <b>pockets</b>.</p>',
      fullUrl: '/shop/p/linen-apron',
      assetUrl: '/images/apron.svg',
      recordType: 11,
      structuredContent: {
        productType: 1,
        variants: [
          { sku: 'AP-S', attributes: { Size: 'S' }, qtyInStock: 3, priceMoney: { currency: 'USD', value: '48.00' } },
          {
            sku: 'AP-L',
            attributes: { Size: 'L' },
            qtyInStock: 0,
            onSale: true,
            priceMoney: { currency: 'USD', value: '48.00' },
            salePriceMoney: { currency: 'USD', value: '36.50' },
          },
        ],
      },
    },
    ...overrides,
  };
}

describe('helpers', () => {
  it('plainText strips tags and decodes entities', () => {
    expect(plainText('<p>A &amp; B&nbsp;<i>c</i> &#8212; &#x41;</p>')).toBe('A & B c — A');
    expect(plainText('<script>alert(1)</script>ok')).toBe('ok');
  });
  it('clip cuts at a word boundary with an ellipsis', () => {
    expect(clip('short')).toBe('short');
    const long = 'word '.repeat(60).trim();
    const c = clip(long, 50);
    expect(c.length).toBeLessThanOrEqual(50);
    expect(c.endsWith('word…')).toBe(true);
  });
  it('absoluteUrl resolves against a base and rejects garbage', () => {
    expect(absoluteUrl('/a/b', 'https://x.example/c')).toBe('https://x.example/a/b');
    expect(absoluteUrl('', 'https://x.example')).toBeNull();
    expect(absoluteUrl('/a', '')).toBeNull();
  });
  it('scriptSafeJson cannot close the script element', () => {
    const s = scriptSafeJson({ t: '</script><script>alert(1)</script>', u: '\u2028' });
    expect(s).not.toContain('</script');
    expect(s).not.toContain('\u2028');
    expect(JSON.parse(s)).toEqual({ t: '</script><script>alert(1)</script>', u: '\u2028' });
  });
});

describe('seoFor', () => {
  it('takes title and canonical from the context and describes the product from its excerpt', () => {
    const seo = seoFor(product());
    expect(seo.title).toBe('Linen Apron — Harbour & Pine');
    expect(seo.description).toBe('Stonewashed linen, & deep pockets.');
    expect(seo.canonical).toBe('https://shop.example/shop/p/linen-apron');
    expect(seo.lang).toBe('en-US');
    expect(seo.robots).toBeNull();
  });

  it('gives product Open Graph tags with an absolute image and the price', () => {
    const og = Object.fromEntries(seoFor(product()).openGraph);
    expect(og['og:type']).toBe('product');
    expect(og['og:title']).toBe('Linen Apron');
    expect(og['og:url']).toBe('https://shop.example/shop/p/linen-apron');
    expect(og['og:image']).toBe('https://shop.example/images/apron.svg');
    expect(og['og:site_name']).toBe('Harbour & Pine');
    expect(og['og:locale']).toBe('en_US');
    expect(og['product:price:amount']).toBe('48.00');
    expect(og['product:price:currency']).toBe('USD');
    expect(og['twitter:card']).toBe('summary_large_image');
  });

  it('emits Product JSON-LD with one offer per variant, sale prices and availability', () => {
    const ld = JSON.parse(seoFor(product()).jsonLd!);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe('Linen Apron');
    expect(ld.image).toEqual(['https://shop.example/images/apron.svg']);
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers[0]).toMatchObject({ sku: 'AP-S', price: '48.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    expect(ld.offers[1]).toMatchObject({ sku: 'AP-L', price: '36.50', availability: 'https://schema.org/OutOfStock', name: 'L' });
  });

  it('has no JSON-LD off product pages and describes them from the site', () => {
    const seo = seoFor({ pageType: 1, website, canonicalUrl: 'https://shop.example/' });
    expect(seo.jsonLd).toBeNull();
    expect(seo.title).toBe('Harbour & Pine');
    expect(seo.description).toBe('Goods for slow mornings.');
    expect(Object.fromEntries(seo.openGraph)['og:type']).toBe('website');
  });

  it('marks not-found, error and search pages noindex; missing pages get no canonical', () => {
    const nf = seoFor({ pageType: 100, pageTitle: 'Page not found', website, canonicalUrl: 'https://shop.example/nope' });
    expect(nf.robots).toBe('noindex');
    expect(nf.canonical).toBeNull();
    expect(seoFor({ pageType: 101, website }).robots).toBe('noindex');
    expect(seoFor({ pageType: 102, website, canonicalUrl: 'https://shop.example/search' }).robots).toBe('noindex');
  });

  it('uses zero-decimal money as given (JPY)', () => {
    const ctx = product();
    ctx.item!.structuredContent!.variants = [{ sku: 'J', unlimited: true, priceMoney: { currency: 'JPY', value: '1200' } }];
    const ld = JSON.parse(seoFor(ctx).jsonLd!);
    expect(ld.offers).toMatchObject({ price: '1200', priceCurrency: 'JPY', availability: 'https://schema.org/InStock' });
    expect(ld.sku).toBe('J');
  });
});

describe('head data decided by the context', () => {
  it('prefers context.seo (type, image, noindex, JSON-LD) over derivation', () => {
    const seo = seoFor({
      ...product(),
      seo: {
        title: 'About the studio — Harbour & Pine',
        type: 'article',
        imageUrl: 'https://cdn.example/about.svg',
        noindex: false,
        jsonLd: { '@context': 'https://schema.org', '@type': 'Product', name: 'From context' },
      },
    });
    const og = Object.fromEntries(seo.openGraph);
    expect(seo.title).toBe('About the studio — Harbour & Pine');
    expect(og['og:type']).toBe('article');
    expect(og['og:image']).toBe('https://cdn.example/about.svg');
    expect(JSON.parse(seo.jsonLd!).name).toBe('From context');
    expect(seo.robots).toBeNull();
  });

  it('never indexes a not-found page, whatever the context says', () => {
    const seo = seoFor({ pageType: 100, website, seo: { noindex: false, jsonLd: { '@type': 'Product' } } });
    expect(seo.robots).toBe('noindex');
    expect(seo.jsonLd).toBeNull();
  });
});
