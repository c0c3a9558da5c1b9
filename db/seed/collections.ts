// The demo store's collections besides products and pages (issue 13): the studio journal (a blog),
// its events (one already past) and a gallery of the spring firing. Dates are fixed, so that a
// seed refresh finds the rows unchanged. All names and texts are ours.

/** A post, event or gallery picture of a seeded collection. */
export interface SeedEntry {
  slug: string;
  title: string;
  excerpt?: string;
  body?: string;
  author?: string;
  /** ISO instant (posts). */
  publishedAt?: string;
  tags?: string[];
  categories?: string[];
  /** SPEC 4: comments open (1) or closed (2). */
  commentsOpen?: boolean;
  published?: boolean;
  /** ISO instants (events). */
  start?: string;
  end?: string;
  location?: { addressTitle?: string; addressLine1?: string; addressLine2?: string; addressCountry?: string };
  image?: { url: string; size: string };
}

export interface SeedCollection {
  urlId: string;
  kind: 'blog' | 'events' | 'gallery';
  title: string;
  description: string;
  entries: SeedEntry[];
}

const STUDIO = {
  addressTitle: 'Saltgrass Studio',
  addressLine1: '14 Wharf Lane',
  addressLine2: 'Port Ellery, NS',
  addressCountry: 'Canada',
};

export const STORE_COLLECTIONS: SeedCollection[] = [
  {
    urlId: 'journal',
    kind: 'blog',
    title: 'Journal',
    description: 'Notes from the wheel, the dye yard and the print room.',
    entries: [
      {
        slug: 'spring-firing-notes',
        title: 'Notes from the spring firing',
        author: 'Maren Holt',
        publishedAt: '2026-04-18T14:00:00Z',
        tags: ['Glazes', 'Kiln'],
        categories: ['Ceramics'],
        commentsOpen: true,
        excerpt: '<p>Forty-two mugs, a kiln that ran hot on the top shelf, and why Sea Glass came out greener than planned.</p>',
        body:
          '<p>The spring firing went in on a Thursday and came out on a Sunday, which is about as long as either of us can wait. Forty-two Tide Pool Mugs, eighteen Shoreline Bowls and a shelf of test tiles.</p>' +
          '<h2>The top shelf ran hot</h2><p>The cones on the top shelf bent a good half-cone further than the bottom. The Sea Glass glaze loves the extra heat: it pooled greener and deeper in the throwing lines. We kept every one.</p>' +
          '<p>Next firing, the test tiles go on the top shelf first.</p>',
      },
      {
        slug: 'indigo-vat-in-winter',
        title: 'Keeping an indigo vat through the winter',
        author: 'Jonah Reyes',
        publishedAt: '2026-02-02T15:30:00Z',
        tags: ['Indigo', 'Linen'],
        categories: ['Dyeing'],
        commentsOpen: false,
        excerpt: '<p>A fermentation vat sulks below fifteen degrees. Here is how ours survived January in an unheated shed.</p>',
        body:
          '<p>Our indigo vat is a fermentation vat: wheat bran, madder and a great deal of patience. It likes to be warm, and our dye shed is not.</p>' +
          '<p>We wrapped the barrel in two old wool blankets and fed it every third day instead of every week. By February the flower on top was back, coppery and proud.</p>',
      },
      {
        slug: 'risograph-two-colour-prints',
        title: 'Two colours, one drum: printing the harbour maps',
        author: 'Maren Holt',
        publishedAt: '2025-11-20T13:00:00Z',
        tags: ['Risograph', 'Prints'],
        categories: ['Printing'],
        commentsOpen: true,
        excerpt: '<p>How the harbour map prints are made in two passes of teal and coral, and why no two line up quite the same.</p>',
        body:
          '<p>The risograph has one drum, so a two-colour print is two passes through the machine. Teal first, for the water; coral second, for the land and the lettering.</p>' +
          '<p>Registration drifts by a millimetre or so. We have stopped fighting it: the slight halo is what makes each print ours.</p>',
      },
      {
        slug: 'glaze-tests-for-autumn',
        title: 'Glaze tests for autumn',
        author: 'Jonah Reyes',
        publishedAt: '2025-09-05T12:00:00Z',
        tags: ['Glazes'],
        categories: ['Ceramics'],
        commentsOpen: false,
        excerpt: '<p>Twelve tiles, three of them promising: a rust-red that breaks brown over the rims.</p>',
        body: '<p>Twelve test tiles this round. Three are worth another look, and one, a rust-red that breaks brown over edges, may become the autumn colour.</p>',
      },
      {
        slug: 'draft-kiln-rebuild',
        title: 'Rebuilding the kiln door (draft)',
        author: 'Maren Holt',
        publishedAt: '2026-05-01T12:00:00Z',
        tags: ['Kiln'],
        categories: ['Ceramics'],
        published: false,
        excerpt: '<p>Not ready yet.</p>',
        body: '<p>Notes in progress.</p>',
      },
    ],
  },
  {
    urlId: 'events',
    kind: 'events',
    title: 'Events',
    description: 'Open studios, kiln openings and markets where you can find us.',
    entries: [
      {
        slug: 'winter-kiln-opening',
        title: 'Winter kiln opening',
        excerpt: '<p>Be there when the kiln opens: first pick of the winter firing, hot cider in the yard.</p>',
        body: '<p>We open the kiln at ten. First pick of the winter firing, cider in the yard, and a table of seconds at half price.</p>',
        start: '2027-01-16T14:00:00Z',
        end: '2027-01-16T18:00:00Z',
        location: STUDIO,
      },
      {
        slug: 'harbour-makers-market',
        title: 'Harbour Makers’ Market',
        excerpt: '<p>Two days on the waterfront with thirty makers from the South Shore.</p>',
        body: '<p>Find us at stall 12, by the fish sheds, with mugs, linen and the new harbour prints.</p>',
        start: '2027-07-10T13:00:00Z',
        end: '2027-07-11T21:00:00Z',
        location: {
          addressTitle: 'Fisheries Wharf',
          addressLine1: '68 Bluenose Drive',
          addressLine2: 'Port Ellery, NS',
          addressCountry: 'Canada',
        },
      },
      {
        slug: 'summer-open-studio',
        title: 'Summer open studio',
        excerpt: '<p>An afternoon at the wheel and the dye vats, open to everyone.</p>',
        body: '<p>Thanks to everyone who came by: over a hundred visitors and one very tired kiln.</p>',
        start: '2026-08-15T15:00:00Z',
        end: '2026-08-15T20:00:00Z',
        location: STUDIO,
      },
    ],
  },
  {
    urlId: 'gallery',
    kind: 'gallery',
    title: 'Gallery',
    description: 'From the spring firing and the dye yard.',
    entries: [
      {
        slug: 'tide-pool-mugs',
        title: 'Tide Pool Mugs',
        body: 'Sea Glass and Sand, fresh from the kiln.',
        image: { url: '/images/products/tide-pool-mug.svg', size: '1200x1200' },
      },
      {
        slug: 'shoreline-bowls',
        title: 'Shoreline Bowls',
        body: 'Stacked for the market.',
        image: { url: '/images/products/shoreline-bowl.svg', size: '1200x1200' },
      },
      {
        slug: 'harbour-teapot',
        title: 'Harbour Teapot',
        body: 'The one that survived the top shelf.',
        image: { url: '/images/products/harbour-teapot.svg', size: '1200x1200' },
      },
      {
        slug: 'linen-tea-towels',
        title: 'Linen tea towels',
        body: 'Drying after the indigo vat.',
        image: { url: '/images/products/linen-tea-towel.svg', size: '1200x1200' },
      },
    ],
  },
];
