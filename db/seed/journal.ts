// The journal starting theme's sample site: The Penhallow Notebook, the journal of a (fictional)
// writer and hand bookbinder. No shop; pages only. Themed by db/seed/themes/journal. Texts are ours.
import type { SeedCollection } from './collections.js';
import type { NavLink, SeedPage } from './store.js';

/** Where the journal theme's templates live (relative to the project root, for projectPath). */
export const THEME_DIR = 'db/seed/themes/journal';

export const WEBSITE = {
  id: 'penhallow',
  title: 'The Penhallow Notebook',
  description: 'Ada Penhallow writes short fiction and binds books by hand in a one-room studio above a bakery in Pellbridge.',
  // '' = the origin of the request (set a real domain under /config once there is one)
  baseUrl: '',
  timeZone: 'Europe/London',
  currency: 'GBP',
  locale: 'en-GB',
  settings: {
    homeCollection: 'home',
    websiteSettings: {
      // Read by the journal layout's footer.
      contact: { email: 'ada@penhallow.example', address: 'Upstairs, 3 Tanner’s Row, Pellbridge' },
    },
    featureFlags: {},
    localizedStrings: {},
  },
};

export const PAGES: SeedPage[] = [
  {
    urlId: 'home',
    title: 'Paper, thread and the odd sentence',
    description:
      'I am Ada Penhallow. I write short stories in the mornings and bind books in the afternoons, in a small room that smells of rye bread and wheat paste. This is where I keep notes on both.',
    image: { url: '/images/journal/open-book.svg', size: '1200x600' },
    seoTitle: 'The Penhallow Notebook: writing and bookbinding',
    body:
      '<h2>Latest notes</h2>' +
      '<ul class="note-list">' +
      '<li><a href="/notes#a-spine-that-would-not-sit-flat">A spine that would not sit flat</a> <time datetime="2025-03-14">14 March 2025</time>' +
      '<p>Three evenings of rounding and backing undone by impatience, and the overnight rest I now give every glued spine.</p></li>' +
      '<li><a href="/notes#marbling-on-a-wet-tuesday">Marbling on a wet Tuesday</a> <time datetime="2025-02-27">27 February 2025</time>' +
      '<p>Endpapers for the spring editions, and why damp weather is kind to a marbling tray.</p></li>' +
      '</ul>' +
      '<p><a href="/notes">Read all the notes</a></p>',
  },
  {
    urlId: 'about',
    title: 'About',
    description: 'A writer who started binding books to have somewhere to put her stories.',
    body:
      '<p>I began sewing pamphlets twelve years ago, when a small press went quiet on me and I decided to print my own stories instead. The stories got longer; the bindings got harder; neither has stopped.</p>' +
      '<h2>The studio</h2><p>The studio is one room above Hobb’s bakery on Tanner’s Row. It has a nipping press older than the building, a long table by the window and a board of linen thread in nine colours. The ovens start at four, so the floor is warm by the time I arrive.</p>' +
      '<h2>What I make</h2><p>Small editions of my own stories, sewn and cased by hand, fifty copies at most. Blank notebooks in plain cloth. Now and then a rebinding for someone whose favourite book has come apart in their hands.</p>' +
      '<h2>What I write</h2><p>Short fiction, mostly about towns on rivers and the people who stay in them. Two collections so far, <cite>Low Water</cite> and <cite>The Ferryman’s Daughters</cite>, both bound here.</p>',
  },
  {
    urlId: 'notes',
    title: 'Notes',
    description: 'Short dispatches from the desk and the bench, newest first.',
    body:
      '<article class="entry" id="a-spine-that-would-not-sit-flat">' +
      '<h2>A spine that would not sit flat</h2><p class="entry-date"><time datetime="2025-03-14">14 March 2025</time></p>' +
      '<p>Three evenings on one book. I rounded the spine, backed it, and cased it in the same afternoon because the light was good and I was pleased with myself. By morning the boards had bowed and the spine sat like a shrug.</p>' +
      '<p>The lesson is an old one that I keep having to learn: glue wants a night under weight. Every spine now goes into the press before I leave, with a note on the press saying what is in it and when it may come out.</p>' +
      '</article>' +
      '<article class="entry" id="marbling-on-a-wet-tuesday">' +
      '<h2>Marbling on a wet Tuesday</h2><p class="entry-date"><time datetime="2025-02-27">27 February 2025</time></p>' +
      '<p>The spring editions needed endpapers, so I mixed the size on Monday night and let it stand. Tuesday rained without stopping, which is the best weather for marbling: the colours stay open longer and the paper does not curl as it dries.</p>' +
      '<p>Twenty-two sheets, one ruined by a sneeze. The blue and ochre pattern came out like a river seen from a bridge, which was not the plan but will do very well for a book of river stories.</p>' +
      '</article>' +
      '<article class="entry" id="forty-words-a-day">' +
      '<h2>Forty words a day</h2><p class="entry-date"><time datetime="2025-02-09">9 February 2025</time></p>' +
      '<p>Since the new year I have written forty words before unlocking the studio. Not four hundred, not a page: forty, counted on my fingers if need be. Most days it turns into more. Some days it is exactly forty and I stop mid-sentence, which makes the next morning easier.</p>' +
      '</article>' +
      '<article class="entry" id="the-bakery-clock">' +
      '<h2>The bakery clock</h2><p class="entry-date"><time datetime="2025-01-21">21 January 2025</time></p>' +
      '<p>I have stopped wearing a watch in the studio. The bakery keeps time for me: the first loaves go into the window at seven, the shutters rattle at half past one, and the last tray of buns cools on the sill at four. When the smell changes from bread to sugar, it is time to clear the table.</p>' +
      '</article>',
  },
  {
    urlId: 'contact',
    title: 'Contact',
    description: 'Letters, commissions and visits to the studio.',
    body:
      '<p>Email <a href="mailto:ada@penhallow.example">ada@penhallow.example</a>. I answer once a week, usually on Sunday evening, so please be patient with me.</p>' +
      '<h2>By post</h2><p>Ada Penhallow<br>Upstairs, 3 Tanner’s Row<br>Pellbridge</p>' +
      '<h2>Rebinding and commissions</h2><p>I take on four or five rebindings a year. Tell me what the book is, what has gone wrong with it and what it means to you; a photograph of the spine helps.</p>' +
      '<h2>Visiting</h2><p>The studio is up a narrow stair and has room for two. Visits are by arrangement, on Saturday afternoons, when the bakery is quiet.</p>',
  },
];

/** Readings and workshops (issue 13): an events collection, one event already past. */
export const COLLECTIONS: SeedCollection[] = [
  {
    urlId: 'events',
    kind: 'events',
    title: 'Readings & workshops',
    description: 'Where to hear a story read aloud, or learn to sew a book of your own.',
    entries: [
      {
        slug: 'reading-at-pellbridge-library',
        title: 'A reading at Pellbridge Library',
        excerpt: '<p>Three new stories from <cite>Low Water</cite>, read aloud, with tea after.</p>',
        body: '<p>I will read three stories from the new collection and answer questions about how a book gets sewn. Free; the library asks that you book a seat.</p>',
        start: '2027-03-06T18:30:00Z',
        end: '2027-03-06T20:00:00Z',
        location: {
          addressTitle: 'Pellbridge Library',
          addressLine1: 'Market Square',
          addressLine2: 'Pellbridge',
          addressCountry: 'United Kingdom',
        },
      },
      {
        slug: 'sew-a-pamphlet',
        title: 'Bookbinding afternoon: sew a pamphlet',
        excerpt: '<p>Four people, one long table, and a pamphlet each to take home.</p>',
        body: '<p>We fold, pierce and sew a single-section pamphlet with a paper cover. Everything is provided; bring a story or a drawing to bind if you have one.</p>',
        start: '2027-05-15T12:00:00Z',
        end: '2027-05-15T16:00:00Z',
        location: {
          addressTitle: 'The studio',
          addressLine1: 'Upstairs, 3 Tanner’s Row',
          addressLine2: 'Pellbridge',
          addressCountry: 'United Kingdom',
        },
      },
      {
        slug: 'winter-book-fair',
        title: 'Winter book fair',
        excerpt: '<p>A table of small editions at the Corn Exchange.</p>',
        body: '<p>Thank you to everyone who came to the table: the last copy of <cite>The Ferryman’s Daughters</cite> went at four o’clock.</p>',
        start: '2025-12-06T10:00:00Z',
        end: '2025-12-06T16:00:00Z',
        location: { addressTitle: 'The Corn Exchange', addressLine2: 'Pellbridge', addressCountry: 'United Kingdom' },
      },
    ],
  },
];

export const NAVIGATION: Record<'mainNavigation' | 'footerNavigation', NavLink[]> = {
  mainNavigation: [
    { title: 'Notes', url: '/notes' },
    { title: 'Events', url: '/events' },
    { title: 'About', url: '/about' },
    { title: 'Contact', url: '/contact' },
  ],
  footerNavigation: [
    { title: 'Home', url: '/' },
    { title: 'Search', url: '/search' },
    { title: 'Contact', url: '/contact' },
  ],
};
