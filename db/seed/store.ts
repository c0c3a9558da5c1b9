// The demo store: Saltgrass Studio, a small coastal workshop making stoneware, hand-dyed linen and
// risograph prints, with digital patterns, classes and gift cards. All names and texts are ours.

/** How a product's picture is drawn (db/seed/images.ts turns it into an SVG). */
export interface Art {
  motif: string;
  /** Background, main colour, secondary colour, line colour. */
  palette: [string, string, string, string];
}

export interface SeedVariant {
  /** Stable suffix of the variant id and sku. */
  key: string;
  attributes: Record<string, string>;
  price: number;
  /** Sale price in cents: the variant is on sale when set. */
  sale?: number;
  /** Units in stock, or 'unlimited'. */
  stock: number | 'unlimited';
  /** Colour of this variant's picture (the product's motif redrawn in it). */
  glaze?: string;
}

export interface SeedProduct {
  slug: string;
  code: string;
  title: string;
  collection: 'shop' | 'workshops';
  /** 1 physical, 2 digital, 3 service, 4 gift card. */
  type: 1 | 2 | 3 | 4;
  category: string;
  tags: string[];
  starred?: boolean;
  excerpt: string;
  body: string;
  art: Art;
  options: string[];
  variants: SeedVariant[];
  subscription?: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR'; cycles: number };
  addButtonText?: string;
  /** A digital product's download: a file in db/seed/files/ (issue 33). */
  file?: { name: string; contentType: string };
}

export interface SeedPage {
  urlId: string;
  title: string;
  description: string;
  body: string;
  image?: { url: string; size: string };
  seoTitle?: string;
}

export interface NavLink {
  title: string;
  url: string;
  children?: NavLink[];
}

export const WEBSITE = {
  id: 'saltgrass',
  title: 'Saltgrass Studio',
  description: 'Stoneware, hand-dyed linen and risograph prints, made slowly by the sea.',
  // '' = the origin of the request (set a real domain under /config once there is one)
  baseUrl: '',
  timeZone: 'America/Halifax',
  currency: 'USD',
  locale: 'en-US',
  settings: {
    homeCollection: 'home',
    productsPerPage: 12,
    websiteSettings: {
      // SPEC 4: comments show on posts only when the site enables them (the journal's open posts).
      commentsEnabled: true,
      storeSettings: {
        multipleQuantityAllowedForServices: true,
        currencyCode: 'USD',
        // Checkout (app/commerce/shipping.ts): amounts in cents. Standard is free from $120 on,
        // as the announcement bar says.
        shipping: {
          freeFromCents: 12000,
          methods: [
            {
              id: 'standard',
              label: 'Standard shipping',
              description: 'US and Canada, 3 to 7 working days',
              rateCents: 1200,
              countries: ['US', 'CA'],
              freeEligible: true,
            },
            {
              id: 'international',
              label: 'International shipping',
              description: 'Everywhere else, 7 to 21 working days',
              rateCents: 2800,
              exceptCountries: ['US', 'CA'],
            },
            {
              id: 'pickup',
              label: 'Local pickup',
              description: 'At the studio, 14 Wharf Lane, Thursday to Sunday',
              rateCents: 0,
              pickup: true,
            },
          ],
        },
        // Tax (app/commerce/tax.ts): basis points per country or country-region (1400 = 14%),
        // Canada's GST/HST; orders that ship nowhere are taxed where the studio is (Nova Scotia).
        tax: {
          originRegion: 'CA-NS',
          defaultBasisPoints: 0,
          taxShipping: true,
          ratesBasisPoints: { CA: 500, 'CA-NS': 1400, 'CA-NB': 1500, 'CA-NL': 1500, 'CA-PE': 1500, 'CA-ON': 1300 },
        },
      },
      announcementBar: { text: 'Free shipping on orders over $120 · Studio open Thursday to Sunday', url: '/shipping-returns' },
      contact: { email: 'hello@saltgrass.example', phone: '+1 902 555 0148', address: '14 Wharf Lane, Port Ellery, NS' },
    },
    featureFlags: { useCLDRMoneyFormat: true },
    localizedStrings: {},
  },
};

/** The colours of the studio, reused by the pictures. */
const C = {
  sand: '#efe6d8',
  shell: '#f6f1ea',
  mist: '#e3ebe8',
  fog: '#e8e6f0',
  blush: '#f3e3dc',
  seaGlass: '#8fb9a8',
  kelp: '#5d7a4f',
  ink: '#2f3e55',
  indigo: '#35507a',
  rust: '#b4623d',
  madder: '#a8483f',
  weld: '#d4b048',
  oat: '#d9c9ac',
  chalk: '#f4f1ea',
  clay: '#c98e6a',
  stone: '#9a948a',
  charcoal: '#33302c',
  tide: '#4f8a9c',
  gold: '#c9a23f',
};

const CARE_STONEWARE =
  '<p>Dishwasher and microwave safe. Every piece is thrown, trimmed and glazed by hand, so marks, glaze pools and small variations are part of it.</p>';
const CARE_LINEN =
  '<p>Machine wash cool with like colours, line dry, iron damp. Plant dyes soften a little with every wash; that is how they are meant to age.</p>';
const PRINT_NOTE =
  '<p>Printed on 100% recycled 170 gsm paper with soy-based inks, two or three colours at a time, so each sheet has its own slight offsets. Ships flat, unframed.</p>';

export const PRODUCTS: SeedProduct[] = [
  // Ceramics
  {
    slug: 'tide-pool-mug',
    code: 'TPM',
    title: 'Tide Pool Mug',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['mug', 'stoneware', 'kitchen'],
    starred: true,
    excerpt: 'A generous 12 oz stoneware mug with a thumb rest, dipped in glazes that pool like rock-pool water.',
    body:
      '<p>Our everyday mug: a wide, steady base, a handle with room for three fingers and a thumb rest on top. The glaze breaks lighter on the rim and gathers darker at the foot.</p><ul><li>Holds 12 oz (350 ml)</li><li>9 cm tall, 8.5 cm wide</li></ul>' +
      CARE_STONEWARE,
    art: { motif: 'mug', palette: [C.mist, C.seaGlass, C.chalk, C.ink] },
    options: ['Color'],
    variants: [
      { key: 'sea-glass', attributes: { Color: 'Sea Glass' }, price: 3400, stock: 14, glaze: C.seaGlass },
      { key: 'sand', attributes: { Color: 'Sand' }, price: 3400, stock: 2, glaze: C.oat },
      { key: 'ink', attributes: { Color: 'Ink' }, price: 3400, stock: 0, glaze: C.ink },
    ],
  },
  {
    slug: 'driftwood-dinner-plate',
    code: 'DDP',
    title: 'Driftwood Dinner Plate',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['plate', 'stoneware', 'tableware'],
    excerpt: 'Low-rimmed stoneware plates in a warm speckled white, sized for breakfast, lunch or a long dinner.',
    body:
      '<p>Thrown on the wheel and trimmed with a soft, low rim that keeps sauces in without getting in the way. The speckled clay shows through the satin glaze at the edge.</p>' +
      CARE_STONEWARE,
    art: { motif: 'plate', palette: [C.sand, C.chalk, C.oat, C.stone] },
    options: ['Size'],
    variants: [
      { key: '8in', attributes: { Size: '8 in' }, price: 2800, stock: 12 },
      { key: '10in', attributes: { Size: '10 in' }, price: 3400, stock: 9 },
      { key: '11in', attributes: { Size: '11 in' }, price: 3800, stock: 3 },
    ],
  },
  {
    slug: 'shoreline-bowl',
    code: 'SHB',
    title: 'Shoreline Bowl',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['bowl', 'stoneware', 'kitchen'],
    starred: true,
    excerpt: 'A deep bowl with a line of blue glaze where the sea meets the sand. The medium is on sale this month.',
    body:
      '<p>Two glazes meet in a wavering line around the middle of this bowl, each one a little different. Good for ramen, salads, and fruit on the counter.</p><ul><li>Small: 12 cm, for rice and dessert</li><li>Medium: 16 cm, for soup and cereal</li><li>Large: 24 cm, for serving</li></ul>' +
      CARE_STONEWARE,
    art: { motif: 'bowl', palette: [C.sand, C.tide, C.oat, C.ink] },
    options: ['Size'],
    variants: [
      { key: 's', attributes: { Size: 'Small' }, price: 2600, stock: 10 },
      { key: 'm', attributes: { Size: 'Medium' }, price: 3600, sale: 2900, stock: 6 },
      { key: 'l', attributes: { Size: 'Large' }, price: 6400, stock: 2 },
    ],
  },
  {
    slug: 'salt-cellar',
    code: 'SLC',
    title: 'Salt Cellar with Ash Spoon',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['salt', 'stoneware', 'kitchen', 'gift'],
    excerpt: 'A lidded pinch pot for flaky salt, with a small spoon carved from local ash. One left.',
    body:
      '<p>A little hand-built pot with a fitted lid to keep the damp out, and a spoon we carve from ash offcuts from the boatyard down the road.</p>' +
      CARE_STONEWARE,
    art: { motif: 'cellar', palette: [C.blush, C.clay, C.oat, C.charcoal] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 4200, stock: 1 }],
  },
  {
    slug: 'pebble-bud-vase',
    code: 'PBV',
    title: 'Pebble Bud Vase',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['vase', 'stoneware', 'home', 'gift'],
    excerpt: 'Small round vases for a single stem of sea lavender or beach grass. On sale in every colour.',
    body:
      '<p>Shaped to sit like a pebble on a windowsill, with a narrow neck that holds one or two stems upright.</p><ul><li>10 cm tall</li><li>Watertight glazed interior</li></ul>' +
      CARE_STONEWARE,
    art: { motif: 'vase', palette: [C.fog, C.chalk, C.kelp, C.charcoal] },
    options: ['Color'],
    variants: [
      { key: 'chalk', attributes: { Color: 'Chalk' }, price: 2400, sale: 1800, stock: 8, glaze: C.chalk },
      { key: 'kelp', attributes: { Color: 'Kelp' }, price: 2400, sale: 1800, stock: 5, glaze: C.kelp },
      { key: 'rust', attributes: { Color: 'Rust' }, price: 2400, sale: 1800, stock: 3, glaze: C.rust },
    ],
  },
  {
    slug: 'harbour-teapot',
    code: 'HTP',
    title: 'Harbour Teapot',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['teapot', 'stoneware', 'tea'],
    excerpt: 'A four-cup teapot with a drip-free spout and a cane handle. Sold out until the next firing.',
    body:
      '<p>Each teapot takes most of a week: throwing, pulling the spout, fitting the lid, and binding the cane handle once it is out of the kiln. The next batch goes into the kiln in spring.</p><ul><li>Holds 4 cups (1 litre)</li><li>Built-in strainer</li></ul>' +
      CARE_STONEWARE,
    art: { motif: 'teapot', palette: [C.mist, C.ink, C.oat, C.charcoal] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 12800, stock: 0 }],
  },
  {
    slug: 'moonsnail-espresso-cups',
    code: 'MEC',
    title: 'Moonsnail Espresso Cups, Set of Two',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['cup', 'espresso', 'stoneware', 'coffee'],
    excerpt: 'Two small cups with a spiral carved into the foot, named after the shells we find at low tide.',
    body:
      '<p>Sized for a double espresso or a cortado. The unglazed foot is carved with a spiral before firing.</p><ul><li>3 oz (90 ml) each</li></ul>' +
      CARE_STONEWARE,
    art: { motif: 'cups', palette: [C.shell, C.stone, C.chalk, C.charcoal] },
    options: ['Color'],
    variants: [
      { key: 'stone', attributes: { Color: 'Stone' }, price: 4400, stock: 7, glaze: C.stone },
      { key: 'rust', attributes: { Color: 'Rust' }, price: 4400, stock: 4, glaze: C.rust },
    ],
  },
  {
    slug: 'low-tide-platter',
    code: 'LTP',
    title: 'Low Tide Serving Platter',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['platter', 'stoneware', 'serving'],
    excerpt: 'A long oval platter with rippled glaze, for fish, bread or a whole cheese board.',
    body:
      '<p>Slab-built and pressed over a form we carved from driftwood, so the underside carries the grain. The glaze ripples where it runs thin.</p><ul><li>42 x 24 cm</li></ul>' +
      CARE_STONEWARE,
    art: { motif: 'platter', palette: [C.sand, C.seaGlass, C.chalk, C.ink] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 9600, stock: 3 }],
  },
  {
    slug: 'beachcomber-planter',
    code: 'BCP',
    title: 'Beachcomber Planter',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['planter', 'stoneware', 'plants', 'home'],
    excerpt: 'Tapered planters with a drainage hole and matching saucer, glazed inside and raw outside.',
    body:
      '<p>The outside is left as bare, sanded clay that darkens slightly with water; the inside is glazed so the pot does not weep.</p>' +
      CARE_STONEWARE,
    art: { motif: 'planter', palette: [C.mist, C.clay, C.kelp, C.charcoal] },
    options: ['Size'],
    variants: [
      { key: 's', attributes: { Size: 'Small' }, price: 3200, stock: 9 },
      { key: 'm', attributes: { Size: 'Medium' }, price: 4800, stock: 5 },
      { key: 'l', attributes: { Size: 'Large' }, price: 6800, stock: 0 },
    ],
  },
  {
    slug: 'rockpool-candle-holder',
    code: 'RCH',
    title: 'Rockpool Candle Holder',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['candle', 'stoneware', 'home', 'gift'],
    excerpt: 'A shallow dish that holds a taper or a tea light, with a pool of glass glaze in the middle.',
    body:
      '<p>We melt a little recycled glass into the base of each dish in the glaze firing, which leaves a clear green pool that catches the flame.</p>' +
      CARE_STONEWARE,
    art: { motif: 'candle', palette: [C.blush, C.oat, C.seaGlass, C.charcoal] },
    options: ['Color'],
    variants: [
      { key: 'oat', attributes: { Color: 'Oat' }, price: 3000, sale: 2200, stock: 6, glaze: C.oat },
      { key: 'ink', attributes: { Color: 'Ink' }, price: 3000, sale: 2200, stock: 2, glaze: C.ink },
    ],
  },
  // Textiles
  {
    slug: 'linen-tea-towel',
    code: 'LTT',
    title: 'Plant-dyed Linen Tea Towel',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['linen', 'kitchen', 'plant dyed', 'gift'],
    starred: true,
    excerpt: 'Heavy washed linen dyed by hand with indigo, madder root or weld, with a hanging loop.',
    body:
      '<p>Cut from heavyweight European linen, hemmed on our old treadle machine, and dyed in small batches in the studio yard.</p><ul><li>50 x 70 cm</li></ul>' +
      CARE_LINEN,
    art: { motif: 'towel', palette: [C.shell, C.indigo, C.chalk, C.charcoal] },
    options: ['Color'],
    variants: [
      { key: 'indigo', attributes: { Color: 'Indigo' }, price: 2200, stock: 20, glaze: C.indigo },
      { key: 'madder', attributes: { Color: 'Madder' }, price: 2200, stock: 11, glaze: C.madder },
      { key: 'weld', attributes: { Color: 'Weld' }, price: 2200, stock: 3, glaze: C.weld },
    ],
  },
  {
    slug: 'linen-napkins',
    code: 'LNP',
    title: 'Linen Napkins, Set of Four',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['linen', 'table', 'plant dyed'],
    excerpt: 'Soft, mitred-corner napkins in four shades of the same dye bath.',
    body:
      '<p>Each set comes from a single dye bath, dipped for different lengths of time, so the four napkins run from pale to deep.</p><ul><li>45 x 45 cm each</li></ul>' +
      CARE_LINEN,
    art: { motif: 'napkins', palette: [C.sand, C.madder, C.blush, C.charcoal] },
    options: ['Color'],
    variants: [
      { key: 'madder', attributes: { Color: 'Madder' }, price: 4800, stock: 6, glaze: C.madder },
      { key: 'indigo', attributes: { Color: 'Indigo' }, price: 4800, stock: 8, glaze: C.indigo },
    ],
  },
  {
    slug: 'saltmarsh-apron',
    code: 'SMA',
    title: 'Saltmarsh Work Apron',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['apron', 'linen', 'workwear'],
    starred: true,
    excerpt: 'The apron we wear in the studio: cross-back straps, a split pocket, and washed linen canvas.',
    body:
      '<p>Cross-back straps take the weight off your neck, and the split front pocket holds a sponge, a rib and a pencil. Made from a tightly woven linen canvas that stands up to clay.</p>' +
      CARE_LINEN,
    art: { motif: 'apron', palette: [C.mist, C.indigo, C.oat, C.charcoal] },
    options: ['Size', 'Color'],
    variants: [
      { key: 'sm-indigo', attributes: { Size: 'S/M', Color: 'Indigo' }, price: 6800, stock: 5, glaze: C.indigo },
      { key: 'sm-oat', attributes: { Size: 'S/M', Color: 'Oat' }, price: 6800, stock: 0, glaze: C.oat },
      { key: 'lxl-indigo', attributes: { Size: 'L/XL', Color: 'Indigo' }, price: 7200, stock: 3, glaze: C.indigo },
      { key: 'lxl-oat', attributes: { Size: 'L/XL', Color: 'Oat' }, price: 7200, stock: 4, glaze: C.oat },
    ],
  },
  {
    slug: 'wave-quilted-throw',
    code: 'WQT',
    title: 'Wave Quilted Throw',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['quilt', 'throw', 'linen', 'home'],
    excerpt: 'A one-off hand-quilted throw, stitched in long swells. Only one made; on sale.',
    body:
      '<p>Pieced from our own dyed linen offcuts and hand-quilted over a winter in rows of waves. There is only one.</p><ul><li>130 x 170 cm</li><li>Wool batting, linen back</li></ul>' +
      CARE_LINEN,
    art: { motif: 'throw', palette: [C.shell, C.tide, C.oat, C.ink] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 42000, sale: 36000, stock: 1 }],
  },
  {
    slug: 'tidemark-cushion-cover',
    code: 'TCC',
    title: 'Tidemark Cushion Cover',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['cushion', 'linen', 'plant dyed', 'home'],
    excerpt: 'Dip-dyed cushion covers with a soft line where the dye stopped, and a hidden zip.',
    body:
      '<p>We lower each cover into the dye bath by hand, which leaves a wandering tidemark across the front. Insert not included.</p>' +
      CARE_LINEN,
    art: { motif: 'cushion', palette: [C.sand, C.indigo, C.chalk, C.charcoal] },
    options: ['Size', 'Color'],
    variants: [
      { key: '40-indigo', attributes: { Size: '40 cm', Color: 'Indigo' }, price: 3800, stock: 7, glaze: C.indigo },
      { key: '40-rust', attributes: { Size: '40 cm', Color: 'Rust' }, price: 3800, stock: 2, glaze: C.rust },
      { key: '50-indigo', attributes: { Size: '50 cm', Color: 'Indigo' }, price: 4400, stock: 5, glaze: C.indigo },
      { key: '50-rust', attributes: { Size: '50 cm', Color: 'Rust' }, price: 4400, stock: 0, glaze: C.rust },
    ],
  },
  {
    slug: 'shibori-table-runner',
    code: 'STR',
    title: 'Shibori Table Runner',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['linen', 'table', 'shibori', 'indigo'],
    excerpt: 'A long linen runner bound and dyed in indigo, with rings like ripples on still water.',
    body:
      '<p>Every ring is tied by hand around a small pebble before the cloth goes into the indigo vat, so no two runners match.</p>' +
      CARE_LINEN,
    art: { motif: 'runner', palette: [C.mist, C.indigo, C.chalk, C.ink] },
    options: ['Length'],
    variants: [
      { key: '180', attributes: { Length: '180 cm' }, price: 5600, stock: 6 },
      { key: '240', attributes: { Length: '240 cm' }, price: 6800, stock: 3 },
    ],
  },
  {
    slug: 'canvas-market-tote',
    code: 'CMT',
    title: 'Canvas Market Tote',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['bag', 'tote', 'canvas'],
    excerpt: 'A heavy canvas tote with leather-reinforced handles. Sold out in every colour for now.',
    body: '<p>Big enough for a week of vegetables or a stack of plates wrapped in newspaper. We are weaving more canvas for the summer.</p>',
    art: { motif: 'tote', palette: [C.sand, C.oat, C.rust, C.charcoal] },
    options: ['Color'],
    variants: [
      { key: 'natural', attributes: { Color: 'Natural' }, price: 3600, stock: 0, glaze: C.oat },
      { key: 'rust', attributes: { Color: 'Rust' }, price: 3600, stock: 0, glaze: C.rust },
    ],
  },
  {
    slug: 'linen-bread-bag',
    code: 'LBB',
    title: 'Linen Bread Bag',
    collection: 'shop',
    type: 1,
    category: 'Textiles',
    tags: ['linen', 'kitchen', 'bread', 'gift'],
    excerpt: 'A drawstring bag that keeps a loaf crusty for days, in undyed flax.',
    body:
      '<p>Linen breathes, so bread keeps its crust instead of sweating in plastic. Fits a large sourdough loaf or two baguettes.</p>' +
      CARE_LINEN,
    art: { motif: 'breadbag', palette: [C.blush, C.oat, C.clay, C.charcoal] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 2600, stock: 18 }],
  },
  // Prints
  {
    slug: 'heron-at-dawn',
    code: 'HAD',
    title: 'Heron at Dawn, Risograph Print',
    collection: 'shop',
    type: 1,
    category: 'Prints',
    tags: ['print', 'risograph', 'bird', 'wall art'],
    starred: true,
    excerpt: 'A grey heron standing in the shallows at first light, in three layered inks.',
    body:
      '<p>Drawn on the marsh one cold morning and separated into three layers: fluorescent pink, teal and a deep blue.</p>' + PRINT_NOTE,
    art: { motif: 'print-heron', palette: [C.fog, C.tide, C.blush, C.ink] },
    options: ['Size'],
    variants: [
      { key: 'a4', attributes: { Size: 'A4' }, price: 3000, stock: 25 },
      { key: 'a3', attributes: { Size: 'A3' }, price: 4500, stock: 12 },
    ],
  },
  {
    slug: 'tide-chart-poster',
    code: 'TCP',
    title: 'Tide Chart Poster',
    collection: 'shop',
    type: 1,
    category: 'Prints',
    tags: ['print', 'poster', 'tide', 'wall art'],
    excerpt: 'A year of high and low water in the harbour, drawn as a single rolling line.',
    body:
      '<p>We plotted a year of tide tables for our harbour and drew them as one long line that rises and falls across the sheet.</p>' +
      PRINT_NOTE,
    art: { motif: 'print-tide', palette: [C.shell, C.tide, C.seaGlass, C.ink] },
    options: ['Size'],
    variants: [
      { key: 'a3', attributes: { Size: 'A3' }, price: 4000, stock: 10 },
      { key: 'a2', attributes: { Size: 'A2' }, price: 5500, stock: 6 },
      { key: '50x70', attributes: { Size: '50 x 70 cm' }, price: 7000, stock: 2 },
    ],
  },
  {
    slug: 'kelp-forest-print',
    code: 'KFP',
    title: 'Kelp Forest Print',
    collection: 'shop',
    type: 1,
    category: 'Prints',
    tags: ['print', 'risograph', 'kelp', 'wall art'],
    excerpt: 'Tall ribbons of kelp in green and gold. On sale while this edition lasts.',
    body: '<p>An edition of 80, printed in green and gold on cream paper, signed and numbered.</p>' + PRINT_NOTE,
    art: { motif: 'print-kelp', palette: [C.shell, C.kelp, C.gold, C.ink] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 3800, sale: 2800, stock: 9 }],
  },
  {
    slug: 'lighthouse-keepers-map',
    code: 'LKM',
    title: "Lighthouse Keeper's Map",
    collection: 'shop',
    type: 1,
    category: 'Prints',
    tags: ['print', 'map', 'lighthouse', 'wall art'],
    excerpt: 'A hand-drawn chart of the coast and its five lights. This edition has sold out.',
    body:
      '<p>Five lighthouses, their beams and the rocks they warn of, drawn as an old keeper might have pinned above the desk.</p>' +
      PRINT_NOTE,
    art: { motif: 'print-lighthouse', palette: [C.sand, C.rust, C.oat, C.ink] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 4800, stock: 0 }],
  },
  {
    slug: 'seasonal-postcard-set',
    code: 'SPS',
    title: 'Seasonal Postcard Set',
    collection: 'shop',
    type: 1,
    category: 'Prints',
    tags: ['postcard', 'stationery', 'gift'],
    excerpt: 'Eight postcards, two for each season on the coast, with kraft envelopes.',
    body: '<p>Small risograph prints of the studio year: spring mud, summer swimmers, autumn gales and the winter kiln.</p>',
    art: { motif: 'postcards', palette: [C.blush, C.tide, C.weld, C.ink] },
    options: [],
    variants: [{ key: 'one', attributes: {}, price: 1800, stock: 40 }],
  },
  {
    slug: 'shell-study-print',
    code: 'SSP',
    title: 'Shell Study Print',
    collection: 'shop',
    type: 1,
    category: 'Prints',
    tags: ['print', 'shell', 'wall art'],
    excerpt: 'Nine shells from one walk along the bar, drawn life size.',
    body: '<p>Whelk, cockle, razor, periwinkle and more, drawn from the shells on our studio windowsill.</p>' + PRINT_NOTE,
    art: { motif: 'print-shells', palette: [C.shell, C.clay, C.blush, C.charcoal] },
    options: ['Size'],
    variants: [
      { key: 'a4', attributes: { Size: 'A4' }, price: 2800, stock: 15 },
      { key: 'a3', attributes: { Size: 'A3' }, price: 4200, stock: 2 },
    ],
  },
  // Digital
  {
    slug: 'wave-quilt-pattern',
    code: 'WQP',
    title: 'Wave Quilt Pattern (PDF)',
    collection: 'shop',
    type: 2,
    category: 'Digital',
    tags: ['pattern', 'quilt', 'pdf', 'sewing'],
    starred: true,
    excerpt: 'The full pattern for our wave quilt: cutting plans, stitch guides and four sizes, as a PDF.',
    body: '<p>Everything you need to make the Wave Quilted Throw at home: fabric requirements, cutting diagrams, a full-size quilting template and step-by-step photographs.</p><ul><li>32-page PDF, instant download</li><li>Baby, throw, double and king sizes</li></ul>',
    art: { motif: 'pattern', palette: [C.mist, C.tide, C.chalk, C.ink] },
    options: [],
    variants: [{ key: 'pdf', attributes: {}, price: 1400, stock: 'unlimited' }],
    file: { name: 'wave-quilt-pattern.pdf', contentType: 'application/pdf' },
  },
  {
    slug: 'shibori-dye-guide',
    code: 'SDG',
    title: 'Shibori & Indigo Dye Guide (e-book)',
    collection: 'shop',
    type: 2,
    category: 'Digital',
    tags: ['indigo', 'shibori', 'e-book', 'dyeing'],
    excerpt: 'How we keep a natural indigo vat alive, and twelve folding and binding patterns. On sale.',
    body: '<p>Our notes from eight years of dyeing: setting up a fructose vat, reading its colour and smell, and twelve shibori techniques with diagrams.</p><ul><li>64-page e-book (PDF and EPUB)</li></ul>',
    art: { motif: 'ebook', palette: [C.fog, C.indigo, C.chalk, C.ink] },
    options: [],
    variants: [{ key: 'ebook', attributes: {}, price: 2000, sale: 1500, stock: 'unlimited' }],
  },
  {
    slug: 'printable-tide-calendar',
    code: 'PTC',
    title: 'Printable Tide & Moon Calendar',
    collection: 'shop',
    type: 2,
    category: 'Digital',
    tags: ['calendar', 'printable', 'tide', 'moon'],
    excerpt: 'Twelve printable months with moon phases and a space for your own tide times.',
    body: "<p>A minimal calendar to print at home on A4 or US Letter, with each month's moon phases drawn in and a column for your local high and low water.</p>",
    art: { motif: 'calendar', palette: [C.shell, C.ink, C.weld, C.charcoal] },
    options: [],
    variants: [{ key: 'pdf', attributes: {}, price: 900, stock: 'unlimited' }],
  },
  {
    slug: 'hand-building-video-course',
    code: 'HBV',
    title: 'Hand-building at Home, Video Course',
    collection: 'shop',
    type: 2,
    category: 'Digital',
    tags: ['video', 'course', 'clay', 'pinch pot', 'slab'],
    excerpt: 'Six lessons on pinch, coil and slab building with no wheel and no kiln of your own.',
    body: '<p>Six filmed lessons, about two and a half hours in all, from a first pinch pot to a lidded slab box. We show how to dry and where to find a kiln to fire in.</p>',
    art: { motif: 'video', palette: [C.sand, C.clay, C.chalk, C.charcoal] },
    options: [],
    variants: [{ key: 'stream', attributes: {}, price: 4800, stock: 'unlimited' }],
  },
  // Subscription box and gift card in the shop
  {
    slug: 'seasonal-clay-box',
    code: 'SCB',
    title: 'Seasonal Clay Box',
    collection: 'shop',
    type: 1,
    category: 'Ceramics',
    tags: ['subscription', 'stoneware', 'gift'],
    starred: true,
    excerpt: 'Two or three new pieces from the kiln every three months, before they reach the shop.',
    body: '<p>Each season we pack a box with pieces from the latest firing: a mug or cup, something for the table and a small surprise, with a letter from the studio. Skip or cancel whenever you like.</p>',
    art: { motif: 'box', palette: [C.blush, C.oat, C.seaGlass, C.charcoal] },
    options: [],
    variants: [{ key: 'box', attributes: {}, price: 9500, stock: 40 }],
    subscription: { value: 3, unit: 'MONTH', cycles: 0 },
  },
  {
    slug: 'saltgrass-gift-card',
    code: 'SGC',
    title: 'Saltgrass Gift Card',
    collection: 'shop',
    type: 4,
    category: 'Gift Cards',
    tags: ['gift card', 'gift'],
    excerpt: 'A gift card for anything in the shop or the studio, sent by email and valid for two years.',
    body: '<p>Choose an amount and we will email a gift card with a short note. It can be spent on anything in the shop or on classes.</p>',
    art: { motif: 'giftcard', palette: [C.mist, C.tide, C.chalk, C.ink] },
    options: ['Amount'],
    variants: [
      { key: '25', attributes: { Amount: '$25' }, price: 2500, stock: 'unlimited' },
      { key: '50', attributes: { Amount: '$50' }, price: 5000, stock: 'unlimited' },
      { key: '100', attributes: { Amount: '$100' }, price: 10000, stock: 'unlimited' },
      { key: '150', attributes: { Amount: '$150' }, price: 15000, stock: 'unlimited' },
    ],
  },
  // Workshops (services), membership and a class gift card
  {
    slug: 'wheel-throwing-taster',
    code: 'WTT',
    title: 'Wheel-throwing Taster',
    collection: 'workshops',
    type: 3,
    category: 'Workshops',
    tags: ['class', 'workshop', 'wheel', 'beginner'],
    starred: true,
    excerpt: 'Two hours at the wheel for complete beginners. We glaze and fire your best two pieces.',
    body: '<p>Learn to centre, open and pull up a cylinder with one of us beside you. Groups of six at most; aprons, clay and tea included. Your two favourite pieces are trimmed, glazed and ready to collect three weeks later.</p>',
    art: { motif: 'wheel', palette: [C.sand, C.clay, C.stone, C.charcoal] },
    options: ['Session'],
    variants: [
      { key: 'thu-eve', attributes: { Session: 'Thursday evening' }, price: 8500, stock: 4 },
      { key: 'sat-am', attributes: { Session: 'Saturday morning' }, price: 8500, stock: 0 },
      { key: 'sat-pm', attributes: { Session: 'Saturday afternoon' }, price: 8500, stock: 2 },
    ],
  },
  {
    slug: 'indigo-dyeing-workshop',
    code: 'IDW',
    title: 'Indigo Dyeing Workshop',
    collection: 'workshops',
    type: 3,
    category: 'Workshops',
    tags: ['class', 'workshop', 'indigo', 'shibori', 'dyeing'],
    excerpt: 'A day at the indigo vat: fold, bind and dye a scarf and two napkins to take home.',
    body: '<p>We start with how the vat works, then fold, clamp and stitch our cloth and dye it in the yard. Lunch from the bakery next door is included.</p>',
    art: { motif: 'vat', palette: [C.mist, C.indigo, C.chalk, C.ink] },
    options: ['Date'],
    variants: [
      { key: 'spring', attributes: { Date: 'Spring session' }, price: 16500, stock: 3 },
      { key: 'summer', attributes: { Date: 'Summer session' }, price: 16500, stock: 8 },
    ],
  },
  {
    slug: 'private-studio-session',
    code: 'PSS',
    title: 'Private Studio Session',
    collection: 'workshops',
    type: 3,
    category: 'Workshops',
    tags: ['class', 'private', 'wheel', 'hand-building'],
    excerpt: 'Book the studio and one of us for three hours, for a project of your own or a small group.',
    body: '<p>For up to four people: a birthday, a team afternoon, or a piece you have always wanted to make. Tell us what you have in mind and we will plan the session around it.</p>',
    art: { motif: 'studio', palette: [C.shell, C.oat, C.kelp, C.charcoal] },
    options: [],
    variants: [{ key: 'session', attributes: {}, price: 32000, stock: 'unlimited' }],
  },
  {
    slug: 'mend-and-repair',
    code: 'MAR',
    title: 'Mend & Repair Service',
    collection: 'workshops',
    type: 3,
    category: 'Workshops',
    tags: ['repair', 'mending', 'kintsugi', 'gold'],
    excerpt: 'Send us a chipped or broken piece and we will mend it with lacquer and gold.',
    body: "<p>We repair broken stoneware and porcelain, ours or anyone's, with urushi lacquer and a gold finish along the seam. Allow eight weeks.</p>",
    art: { motif: 'repair', palette: [C.fog, C.chalk, C.gold, C.charcoal] },
    options: [],
    variants: [{ key: 'repair', attributes: {}, price: 7500, stock: 'unlimited' }],
    addButtonText: 'Book a Repair',
  },
  {
    slug: 'studio-membership',
    code: 'SMB',
    title: 'Open Studio Membership',
    collection: 'workshops',
    type: 3,
    category: 'Workshops',
    tags: ['membership', 'subscription', 'wheel', 'studio'],
    excerpt: 'Twelve months of open-studio access, a shelf, and firing for everything you make.',
    body: '<p>For people who have taken a class and want to keep going: open studio three evenings a week, your own shelf, clay at cost, and glaze firing included.</p>',
    art: { motif: 'membership', palette: [C.sand, C.kelp, C.oat, C.charcoal] },
    options: [],
    variants: [{ key: 'monthly', attributes: {}, price: 9000, stock: 'unlimited' }],
    subscription: { value: 1, unit: 'MONTH', cycles: 12 },
  },
  {
    slug: 'class-gift-card',
    code: 'CGC',
    title: 'Class Gift Card',
    collection: 'workshops',
    type: 4,
    category: 'Gift Cards',
    tags: ['gift card', 'class', 'gift'],
    excerpt: 'Give a place at a taster or a dyeing day, sent by email.',
    body: '<p>A gift card worth one place at a Wheel-throwing Taster or the Indigo Dyeing Workshop. The person you give it to picks the date.</p>',
    art: { motif: 'giftcard', palette: [C.sand, C.clay, C.chalk, C.charcoal] },
    options: ['Class'],
    variants: [
      { key: 'taster', attributes: { Class: 'Wheel-throwing Taster' }, price: 8500, stock: 'unlimited' },
      { key: 'indigo', attributes: { Class: 'Indigo Dyeing Workshop' }, price: 16500, stock: 'unlimited' },
    ],
  },
];

export const COLLECTIONS = [
  {
    urlId: 'shop',
    title: 'Shop',
    description: 'Stoneware, plant-dyed linen, prints and patterns from the studio.',
    seoTitle: 'Shop ceramics, linen and prints',
  },
  {
    urlId: 'workshops',
    title: 'Classes & Services',
    description: 'Learn at the wheel or the indigo vat, book the studio, or send us something to mend.',
  },
];

export const PAGES: SeedPage[] = [
  {
    urlId: 'home',
    title: 'Made slowly, by the sea',
    description:
      'Saltgrass Studio is a two-person workshop on the harbour. We make stoneware for the table, dye linen with plants from the marsh, and print small editions on an old risograph.',
    body: '<p>New from the spring firing: Tide Pool Mugs in Sea Glass and Sand, and the last of the Shoreline Bowls.</p>',
    image: { url: '/images/pages/hero.svg', size: '2400x1200' },
    seoTitle: 'Saltgrass Studio: stoneware, linen and prints',
  },
  {
    urlId: 'about',
    title: 'About the studio',
    description: 'Two makers, one kiln, and a yard full of dye pots on the harbour front.',
    image: { url: '/images/pages/about.svg', size: '1600x800' },
    body:
      '<p>Saltgrass Studio started in a fish store on Wharf Lane in 2017, with a second-hand kiln and a bath full of indigo. Mara throws the pots; Idris dyes, sews and prints; we both argue about glazes.</p>' +
      '<h2>How we work</h2><p>We make in small batches, four firings a year, and we sell most of what we make right here. The clay is dug and blended in the region, the linen is woven in Europe and dyed by us, and the paper for our prints is recycled.</p>' +
      '<h2>Visit</h2><p>The studio and shop are open Thursday to Sunday, 10 am to 5 pm. Ring the bell if the door is shut: we are probably in the yard.</p>',
  },
  {
    urlId: 'shipping-returns',
    title: 'Shipping & Returns',
    description: 'How we pack and send your order, what it costs, and how to send something back.',
    image: { url: '/images/pages/shipping.svg', size: '1600x800' },
    body:
      '<h2>Shipping</h2><p>Orders leave the studio within three working days, packed in recycled paper and corrugated card. Shipping within Canada and the US is a flat $12, and free on orders over $120. International shipping is calculated at checkout.</p>' +
      '<p>Digital products are emailed straight after purchase. Gift cards are emailed on the date you choose.</p>' +
      '<h2>Returns</h2><p>If something is not right, tell us within 30 days and send it back unused in its packaging; we refund the item price once it arrives. Classes can be moved to another date up to seven days before.</p>' +
      '<h2>Breakages</h2><p>If a piece arrives broken, send us a photo within a week and we will replace it or refund you, whichever you prefer.</p>',
  },
  {
    urlId: 'contact',
    title: 'Contact',
    description: 'Write, call, or come and see us on the harbour.',
    image: { url: '/images/pages/contact.svg', size: '1600x800' },
    body:
      '<p>Email <a href="mailto:hello@saltgrass.example">hello@saltgrass.example</a> or call +1 902 555 0148. We answer within two working days.</p>' +
      '<h2>Studio</h2><p>14 Wharf Lane, Port Ellery, NS<br>Thursday to Sunday, 10 am to 5 pm</p>' +
      '<h2>Wholesale and commissions</h2><p>We make a few commissions a year for restaurants and shops. Tell us what you need and by when.</p>',
  },
  {
    urlId: 'care-guide',
    title: 'Care Guide',
    description: 'How to look after stoneware, plant-dyed linen and paper prints so they last.',
    body:
      '<h2>Stoneware</h2><p>All our glazes are food safe, and every piece goes in the dishwasher and microwave. Avoid sudden shocks: do not pour boiling water into a cold teapot straight from a cold room.</p>' +
      '<h2>Plant-dyed linen</h2><p>Wash cool with a mild, pH-neutral detergent and keep it out of strong sun to dry. Indigo may give off a little colour in the first washes.</p>' +
      '<h2>Prints</h2><p>Frame behind UV-filtering glass, away from damp walls. Risograph ink can smudge on very humid days, so handle prints by the edges.</p>',
  },
];

export const NAVIGATION: Record<'mainNavigation' | 'footerNavigation', NavLink[]> = {
  mainNavigation: [
    { title: 'Shop', url: '/shop' },
    { title: 'Classes', url: '/workshops' },
    { title: 'Journal', url: '/journal' },
    { title: 'Events', url: '/events' },
    { title: 'About', url: '/about' },
    { title: 'Contact', url: '/contact' },
  ],
  footerNavigation: [
    { title: 'Shipping & Returns', url: '/shipping-returns' },
    { title: 'Care Guide', url: '/care-guide' },
    { title: 'Contact', url: '/contact' },
    { title: 'Search', url: '/search' },
  ],
};

/** Product picture paths (main image, and one per coloured variant). */
export function productImage(slug: string): string {
  return `/images/products/${slug}.svg`;
}
export function variantImage(slug: string, key: string): string {
  return `/images/products/${slug}--${key}.svg`;
}
export function detailImage(slug: string): string {
  return `/images/products/${slug}--detail.svg`;
}
export const PRODUCT_IMAGE_SIZE = '1200x1200';
