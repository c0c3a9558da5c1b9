// The pure parts of the Pages and Navigation screens: addresses from titles and their rules, the
// publish date on the site's clock, status labels, the sanitiser of owner HTML, and the menu
// editor's rows (moves, indent/outdent, validation, rows <-> stored tree).
import { describe, expect, it } from 'vitest';
import { applyRowIntent, normalizeRows, parseRowIntent, type NavRow } from '../../../app/config/navigation-rows.js';
import {
  isLinkUrl,
  rowsOf,
  treeOf,
  validateRows,
  withoutLinkTo,
  relink,
  linkStateOf,
  type LinkTarget,
} from '../../../app/config/navigation.server.js';
import { slugify, slugProblem, statusLabel, utcToZonedLocal, zonedLocalToUtc, isLive } from '../../../app/config/pages.server.js';
import { sanitizeOwnerHtml } from '../../../app/edits/sanitize.server.js';

describe('page addresses', () => {
  it('makes a slug from a title', () => {
    expect(slugify('About the Studio')).toBe('about-the-studio');
    expect(slugify('  Café & Crème!! ')).toBe('cafe-creme');
    expect(slugify('***')).toBe('page');
    expect(slugify('x'.repeat(100))).toHaveLength(60);
  });

  it('refuses reserved paths and badly formed slugs', () => {
    for (const s of [
      'cart',
      'search',
      'config',
      'api',
      'theme',
      'files',
      'checkout',
      'account',
      'popup',
      'splash',
      'page-access',
      'fr',
      'de',
    ])
      expect(slugProblem(s)).toMatch(/used by the site itself/);
    for (const s of ['About', 'a b', '-a', 'a-', 'a/b', '']) expect(slugProblem(s)).toMatch(/lower-case letters/);
    expect(slugProblem('about-us')).toBeNull();
    expect(slugProblem('carts')).toBeNull();
  });
});

describe('publish dates on the site clock', () => {
  it('reads a datetime-local value in the site time zone, both ways', () => {
    expect(zonedLocalToUtc('2030-01-15T09:30', 'America/New_York')?.toISOString()).toBe('2030-01-15T14:30:00.000Z');
    expect(zonedLocalToUtc('2030-07-15T09:30', 'America/New_York')?.toISOString()).toBe('2030-07-15T13:30:00.000Z');
    expect(zonedLocalToUtc('2030-07-15T09:30', 'UTC')?.toISOString()).toBe('2030-07-15T09:30:00.000Z');
    expect(utcToZonedLocal(new Date('2030-07-15T13:30:00Z'), 'America/New_York')).toBe('2030-07-15T09:30');
  });

  it('refuses what is not a real time', () => {
    for (const v of ['', 'tomorrow', '2030-02-30T10:00', '2030-01-01T25:00', '1999-01-01T10:00', '2030-01-01']) {
      expect(zonedLocalToUtc(v, 'UTC'), v).toBeNull();
    }
  });

  it('labels a scheduled page Scheduled until its time, Published after', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(statusLabel('scheduled', '2030-01-02T00:00:00Z', now)).toBe('Scheduled');
    expect(statusLabel('scheduled', '2029-12-31T00:00:00Z', now)).toBe('Published');
    expect(isLive('scheduled', '2030-01-02T00:00:00Z', now)).toBe(false);
    expect(isLive('scheduled', '2029-12-31T00:00:00Z', now)).toBe(true);
    expect(statusLabel('needs-review', null, now)).toBe('Needs Review');
    expect(isLive('draft', null, now)).toBe(false);
    expect(isLive('private', null, now)).toBe(false);
  });
});

describe('sanitizeOwnerHtml', () => {
  it('keeps formatting, links, images, headings and lists', () => {
    const html =
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <a href="/about" title="t">link</a></p><ul><li>one</li></ul><ol><li>two</li></ol><img src="/images/a.png" alt="A" />';
    expect(sanitizeOwnerHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, javascript: URLs and frames', () => {
    const out = sanitizeOwnerHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>body{}</style><a href="JaVaScRiPt:alert(1)">y</a>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript|iframe|style|alert/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('keeps alignment styles but not other CSS, and guards new windows', () => {
    expect(sanitizeOwnerHtml('<p style="text-align:center;position:fixed">c</p>')).toBe('<p style="text-align:center">c</p>');
    expect(sanitizeOwnerHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    // Images only from the site's own paths (the rest: tests/unit/app/rich-text.test.ts).
    expect(sanitizeOwnerHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
  });
});

const row = (title: string, depth = 0, url = `/${title.toLowerCase()}`): NavRow => ({ title, target: '', url, depth });
const titles = (rows: NavRow[]) => rows.map((r) => `${'-'.repeat(r.depth)}${r.title}`);

describe('menu editor rows', () => {
  const rows = [row('A'), row('A1', 1), row('A2', 1), row('B'), row('C')];

  it('reads row buttons', () => {
    expect(parseRowIntent('up:3')).toEqual({ op: 'up', index: 3 });
    expect(parseRowIntent('save')).toEqual({ op: 'save' });
    expect(parseRowIntent('add')).toEqual({ op: 'add' });
    expect(parseRowIntent('drop:1')).toBeNull();
    expect(parseRowIntent('up:-1')).toBeNull();
  });

  it('moves a link with its children past its sibling', () => {
    expect(titles(applyRowIntent(rows, { op: 'down', index: 0 }))).toEqual(['B', 'A', '-A1', '-A2', 'C']);
    expect(titles(applyRowIntent(rows, { op: 'up', index: 3 }))).toEqual(['B', 'A', '-A1', '-A2', 'C']);
    expect(titles(applyRowIntent(rows, { op: 'up', index: 0 }))).toEqual(titles(rows));
    expect(titles(applyRowIntent(rows, { op: 'down', index: 4 }))).toEqual(titles(rows));
  });

  it('moves children among themselves, and out past the end of their parent', () => {
    expect(titles(applyRowIntent(rows, { op: 'down', index: 1 }))).toEqual(['A', '-A2', '-A1', 'B', 'C']);
    expect(titles(applyRowIntent(rows, { op: 'down', index: 2 }))).toEqual(['A', '-A1', 'B', '-A2', 'C']);
    expect(titles(applyRowIntent(rows, { op: 'up', index: 1 }))).toEqual(['A1', 'A', '-A2', 'B', 'C']);
  });

  it('indents under the link above (one level), outdents, removes with children, adds', () => {
    expect(titles(applyRowIntent(rows, { op: 'indent', index: 3 }))).toEqual(['A', '-A1', '-A2', '-B', 'C']);
    expect(titles(applyRowIntent(rows, { op: 'indent', index: 0 }))).toEqual(titles(rows));
    expect(titles(applyRowIntent(rows, { op: 'indent', index: 1 }))).toEqual(titles(rows));
    expect(titles(applyRowIntent(rows, { op: 'outdent', index: 1 }))).toEqual(['A', 'A1', '-A2', 'B', 'C']);
    expect(titles(applyRowIntent(rows, { op: 'remove', index: 0 }))).toEqual(['B', 'C']);
    expect(applyRowIntent(rows, { op: 'add' })).toHaveLength(6);
    expect(titles(normalizeRows([row('X', 1), row('Y', 3)]))).toEqual(['X', '-Y']);
  });

  it('keeps what else a row carries through a change (the browser keys its rows on an id), and adds the row given', () => {
    const withIds = rows.map((r, id) => ({ ...r, id }));
    expect(applyRowIntent(withIds, { op: 'down', index: 0 }).map((r) => r.id)).toEqual([3, 0, 1, 2, 4]);
    expect(applyRowIntent(withIds, { op: 'outdent', index: 2 }).map((r) => [r.id, r.depth])).toContainEqual([2, 0]);
    expect(applyRowIntent(withIds, { op: 'add' }, { ...row(''), id: 9 }).at(-1)).toEqual({ ...row(''), id: 9 });
  });

  it('validates titles and targets', () => {
    const targets: LinkTarget[] = [{ id: 'p1', title: 'About', urlId: 'about', kind: 'page' }];
    const errors = validateRows(
      [
        { title: '', target: '', url: '/ok', depth: 0 },
        { title: 'Bad', target: '', url: 'javascript:alert(1)', depth: 0 },
        { title: 'Empty', target: '', url: '', depth: 0 },
        { title: 'Other', target: 'not-mine', url: '', depth: 0 },
        { title: 'Fine', target: 'p1', url: '', depth: 0 },
        { title: 'Web', target: '', url: 'https://example.com/x?y=1', depth: 1 },
      ],
      targets,
    );
    expect(errors).toEqual({
      'items[0].title': 'Enter a title for this link.',
      'items[1].url': 'javascript:alert(1) is not a valid page URL',
      'items[2].url': 'Enter a path starting with / or a web address starting with https://.',
      'items[3].target': 'Choose a page of this site.',
    });
    for (const u of ['/', '/a/b?c=1#d', 'http://x.example', 'https://x.example/p']) expect(isLinkUrl(u), u).toBe(true);
    for (const u of ['//evil.example', 'about', 'ftp://x.example', 'https://', 'https:// x', 'mailto:a@b.c'])
      expect(isLinkUrl(u), u).toBe(false);
  });

  it('turns rows into the stored tree and back', () => {
    const targets: LinkTarget[] = [{ id: 'p1', title: 'About', urlId: 'about', kind: 'page' }];
    const tree = treeOf(
      [
        { title: 'Shop', target: '', url: '/shop', depth: 0 },
        { title: 'About us', target: 'p1', url: '', depth: 1 },
        { title: 'Blog', target: '', url: 'https://blog.example', depth: 0 },
      ],
      targets,
    );
    expect(tree).toEqual([
      { title: 'Shop', url: '/shop', children: [{ title: 'About us', url: '/about', collectionId: 'p1', children: [] }] },
      { title: 'Blog', url: 'https://blog.example', children: [] },
    ]);
    expect(rowsOf(tree, targets)).toEqual([
      { title: 'Shop', target: '', url: '/shop', depth: 0 },
      { title: 'About us', target: 'p1', url: '', depth: 1 },
      { title: 'Blog', target: '', url: 'https://blog.example', depth: 0 },
    ]);
  });

  it('finds, moves and drops links to a page', () => {
    const menus = new Map([
      ['mainNavigation', [{ title: 'A', url: '/a', children: [{ title: 'B', url: '/b/', children: [] }] }]],
      ['footerNavigation', [{ title: 'C', url: '/c', children: [] }]],
      ['_hidden', [{ title: 'D', url: '/d', children: [] }]],
    ]);
    expect(linkStateOf(menus, '/b')).toBe('main');
    expect(linkStateOf(menus, '/c')).toBe('footer');
    expect(linkStateOf(menus, '/d')).toBe('hidden');
    expect(linkStateOf(menus, '/nowhere')).toBe('hidden');
    expect(withoutLinkTo(menus.get('mainNavigation')!, '/b')).toEqual([{ title: 'A', url: '/a', children: [] }]);
    expect(relink(menus.get('mainNavigation')!, '/b', '/bee')[0].children[0].url).toBe('/bee');
  });
});
