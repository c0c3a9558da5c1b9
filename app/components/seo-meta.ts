// Turns a page's SEO data (made by app/storefront/seo.server.ts, sent in loader data) into Remix meta
// descriptors: <title>, description, robots, canonical link and Open Graph tags.
import type { MetaDescriptor } from '@remix-run/node';
import type { Seo } from '../storefront/seo.server.js';

export function metaFromSeo(seo: Seo | undefined | null): MetaDescriptor[] {
  if (!seo) return [{ title: 'Store' }];
  const tags: MetaDescriptor[] = [{ title: seo.title }];
  if (seo.description) tags.push({ name: 'description', content: seo.description });
  if (seo.robots) tags.push({ name: 'robots', content: seo.robots });
  if (seo.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: seo.canonical });
  for (const a of seo.alternates ?? []) tags.push({ tagName: 'link', rel: 'alternate', hrefLang: a.hreflang, href: a.href });
  for (const [property, content] of seo.openGraph) {
    // Twitter reads name=, Open Graph (and product:) property=.
    tags.push(property.startsWith('twitter:') ? { name: property, content } : { property, content });
  }
  return tags;
}
