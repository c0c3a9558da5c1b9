// The demo store's locked and member pages (issue 16): a page locked with a password, a page for
// signed-in site users, one for a free member area and one behind the paywall of a paid area (sold
// by the Open Studio Membership subscription). Demo only: new sites start with none of them.
import type { SeedPage } from './store.js';

/** The wholesale page's password (documented in docs/page-access.md). */
export const DEMO_LOCK_PASSWORD = 'saltgrass-wholesale';
// argon2id of DEMO_LOCK_PASSWORD (app/auth/password.server.ts's parameters), made once.
const DEMO_LOCK_HASH = '$argon2id$v=19$m=19456,t=2,p=1$3QyKOaOgmX+Los1m/q5vHQ$/tu7bxNtqNfSy78dG0ex+wy1dKmJvjdRKRR51YdGbEc';

export const ACCESS_PAGES: SeedPage[] = [
  {
    urlId: 'wholesale',
    title: 'Wholesale',
    description: 'Trade prices and lead times for shops and restaurants.',
    body:
      '<p>Trade prices are 50% of retail on orders of 24 pieces or more, mixed as you like. Lead time is one firing: about six weeks.</p>' +
      '<h2>Ordering</h2><p>Email the list of pieces and glazes to wholesale@saltgrass.example and we confirm dates within a week.</p>',
  },
  {
    urlId: 'studio-notes',
    title: 'Studio Notes',
    description: 'Glaze recipes and firing notes for our customers.',
    body:
      '<p>Our Sea Glass glaze, for the curious: 40 feldspar, 20 silica, 20 whiting, 10 kaolin, 10 talc, plus 2% copper carbonate. Cone 6, oxidation.</p>' +
      '<h2>Firing schedule</h2><p>Slow to 600 °C, then 150 °C an hour to cone 6, hold ten minutes, and a controlled cool through 1000 °C.</p>',
  },
  {
    urlId: 'kiln-club',
    title: 'Kiln Club',
    description: 'News from the kiln for Kiln Club members.',
    body: '<p>Kiln Club members hear about every firing first and can reserve seconds before they go on sale.</p>',
  },
  {
    urlId: 'open-studio',
    title: 'Open Studio',
    description: 'The wheel booking calendar for Open Studio members.',
    body: '<p>Book your wheel for the week: Tuesday and Thursday evenings, and Saturday mornings. Glazes and firing included.</p>',
  },
];

/** Rows of migration 0026's tables for the demo site; `id` makes the site's ids (as siteRows does). */
export function demoAccessRows(websiteId: string, id: (raw: string) => string) {
  const areas = [
    { id: id('area-kiln-club'), name: 'Kiln Club', paid: false, item_id: null },
    { id: id('area-open-studio'), name: 'Open Studio', paid: true, item_id: id('itm-studio-membership') },
  ];
  const at = new Date('2026-01-01T00:00:00Z');
  const rule = (page: string, kind: string, extra: { password_hash?: string; member_area_id?: string }) => ({
    collection_id: id(`col-${page}`),
    kind,
    password_hash: extra.password_hash ?? null,
    member_area_id: extra.member_area_id ?? null,
    updated_at: at,
  });
  const rules = [
    rule('wholesale', 'password', { password_hash: DEMO_LOCK_HASH }),
    rule('studio-notes', 'signed-in', {}),
    rule('kiln-club', 'members', { member_area_id: id('area-kiln-club') }),
    rule('open-studio', 'members', { member_area_id: id('area-open-studio') }),
  ];
  return { areas: areas.map((a) => ({ ...a, website_id: websiteId, created_at: at })), rules };
}
