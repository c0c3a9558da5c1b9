// The route `meta` mapping: SEO data to <title>, meta, canonical link and Open Graph descriptors.
import { describe, expect, it } from 'vitest';
import { metaFromSeo } from '../../../app/components/seo-meta.js';

describe('metaFromSeo', () => {
  it('maps every field to its tag, Open Graph by property and Twitter by name', () => {
    const tags = metaFromSeo({
      title: 'Tide Pool Mug — Saltgrass Studio',
      description: 'A generous mug.',
      canonical: 'https://shop.example/shop/p/tide-pool-mug',
      openGraph: [
        ['og:type', 'product'],
        ['twitter:card', 'summary'],
      ],
      jsonLd: null,
      lang: 'en-US',
      robots: 'noindex',
    });
    expect(tags).toEqual([
      { title: 'Tide Pool Mug — Saltgrass Studio' },
      { name: 'description', content: 'A generous mug.' },
      { name: 'robots', content: 'noindex' },
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/shop/p/tide-pool-mug' },
      { property: 'og:type', content: 'product' },
      { name: 'twitter:card', content: 'summary' },
    ]);
  });

  it('leaves out what is empty and has a title when there is no data', () => {
    const tags = metaFromSeo({ title: 'T', description: '', canonical: null, openGraph: [], jsonLd: null, lang: 'en', robots: null });
    expect(tags).toEqual([{ title: 'T' }]);
    expect(metaFromSeo(undefined)).toEqual([{ title: 'Store' }]);
  });
});
