// Social formatters (comments, likes, share and follow buttons, calendar links, twitter links)
// and the comments?, disqus? and current-type? predicates.
import { describe, expect, it } from 'vitest';
import { render } from '../../../../engine/node.js';
import { Context } from '../../../../engine/ts/context.js';
import { tsKernels } from '../../../../engine/ts/kernels.js';
import { formatters } from '../../../../engine/ts/plugins/formatters/social.js';
import { predicates as socialPredicates } from '../../../../engine/ts/plugins/predicates/social.js';
import { predicates as slidePredicates } from '../../../../engine/ts/plugins/predicates/slide.js';
import { NOT_IMPLEMENTED, type Formatter, type Predicate } from '../../../../engine/ts/types.js';

/** Runs a formatter on a value, with `root` as the data. */
function fmt(name: string, value: unknown, root: unknown = {}) {
  const ctx = new Context({ root, kernels: tsKernels, locale: null });
  const vars = [{ value }];
  (formatters[name] as Formatter)(ctx, [], vars);
  return { value: vars[0].value, errors: ctx.errors.map((e) => e.message) };
}

function pred(name: string, node: unknown, args: string[] = [], root: unknown = {}) {
  const ctx = new Context({ root, kernels: tsKernels, locale: null });
  ctx.push(node);
  const table = { ...socialPredicates, ...slidePredicates };
  return (table[name] as Predicate)(ctx, args);
}

const post = { id: 'p42', fullUrl: '/blog/hello', publicCommentCount: 3, commentState: 1, likeCount: 9 };

describe('comment-count', () => {
  it('says No Comments, 1 Comment or N Comments', () => {
    expect(fmt('comment-count', { publicCommentCount: 0 }).value).toBe('No Comments');
    expect(fmt('comment-count', { publicCommentCount: 1 }).value).toBe('1 Comment');
    expect(fmt('comment-count', { publicCommentCount: 12 }).value).toBe('12 Comments');
    expect(fmt('comment-count', {}).value).toBe('No Comments');
  });
  it('reads the count leniently', () => {
    expect(fmt('comment-count', { publicCommentCount: '4 new' }).value).toBe('4 Comments');
    expect(fmt('comment-count', { publicCommentCount: '2.0e1' }).value).toBe('20 Comments');
    expect(fmt('comment-count', { publicCommentCount: '3e2' }).value).toBe('3 Comments');
    expect(fmt('comment-count', { publicCommentCount: 'many' }).value).toBe('NaN Comments');
    expect(fmt('comment-count', { publicCommentCount: true }).value).toBe('1 Comment');
  });
});

describe('comment-link', () => {
  it('links to the item comments with the count', () => {
    expect(fmt('comment-link', post).value).toBe(
      '\n  <a href="/blog/hello#comments-p42" class="sqs-comment-link" data-id="p42">\n  3\n  Comments\n  </a>\n',
    );
    expect(fmt('comment-link', { ...post, publicCommentCount: 0 }).value).toContain('\n  No\n  Comments\n');
    expect(fmt('comment-link', { ...post, publicCommentCount: 1 }).value).toContain('\n  1\n  Comment\n');
  });
  it('prints a count that is not a number as text, and nothing when missing', () => {
    expect(fmt('comment-link', { ...post, publicCommentCount: '0' }).value).toContain('\n  0\n  Comments\n');
    expect(fmt('comment-link', { id: 'q' }).value).toContain('data-id="q">\n  \n  Comments\n');
  });
  it('gives the disqus link when the site has a disqus short name', () => {
    const root = { websiteSettings: { disqusShortname: 'mysite' } };
    expect(fmt('comment-link', post, root).value).toBe(
      '\n  <a href="/blog/hello" class="sqs-comment-link sqs-disqus-comment-link" data-id="p42"></a>\n',
    );
  });
  it('looks fields up from the node outwards, as a template would', () => {
    expect(fmt('comment-link', {}, { id: 'outer', fullUrl: '/o' }).value).toContain('href="/o#comments-outer"');
  });
});

describe('comments', () => {
  it('describes the item of the page', () => {
    const root = { item: { id: 'i1', publicCommentCount: 2, commentState: 2 } };
    expect(fmt('comments', root.item, root).value).toBe(
      '\n  <div class="squarespace-comments" id="comments-i1" data-item-id="i1" data-public-comment-count="2"' +
        ' data-comment-state="2"></div>\n',
    );
  });
  it('describes the collection when there is no item', () => {
    const root = { collection: { id: 'c7', publicCommentCount: 0, commentState: 1 } };
    expect(fmt('comments', root.collection, root).value).toBe(
      '\n  <div class="squarespace-comments" id="comments-c7" data-collection-id="c7" data-public-comment-count="0"' +
        ' data-comment-state="1"></div>\n',
    );
  });
  it('has no data attributes without item or collection, and is the disqus thread with disqus', () => {
    expect(fmt('comments', { id: 'z' }).value).toBe('\n  <div class="squarespace-comments" id="comments-z"></div>\n');
    expect(fmt('comments', { id: 'z', websiteSettings: { disqusShortname: 'd' } }).value).toBe(
      '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n',
    );
  });
});

describe('like-button', () => {
  it('renders only when simple liking is enabled and the node is not empty', () => {
    const on = { websiteSettings: { simpleLikingEnabled: true } };
    expect(fmt('like-button', post, on).value).toBe(
      '\n  <span class="sqs-simple-like" data-item-id="p42" data-like-count="9">\n' +
        '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n',
    );
    expect(fmt('like-button', post).value).toBe('');
    expect(fmt('like-button', {}, on).value).toBe('');
  });
});

describe('social-button and social-button-inline', () => {
  const site = { website: { shareButtonOptions: ['twitter'] } };
  it('needs share button options', () => {
    expect(fmt('social-button', post).value).toBe('');
    expect(fmt('social-button', post, { website: { shareButtonOptions: [] } }).value).toBe('');
    expect(fmt('social-button', post, { website: { shareButtonOptions: 'all' } }).value).toBe('');
  });
  it('prefers the node own systemDataId and assetUrl, else the main image', () => {
    const img = { systemDataId: 'sd', assetUrl: 'http://i/a.png', mainImageId: 'mi', recordType: 2, fullUrl: '/x', title: 'A & "B"' };
    expect(fmt('social-button', img, site).value).toBe(
      '<div class="squarespace-social-buttons button-style" data-system-data-id="sd" data-asset-url="http://i/a.png"' +
        ' data-record-type="2" data-full-url="/x" data-title="A &amp; &quot;B&quot;"></div>',
    );
    const text = { mainImageId: 'mi', mainImage: { assetUrl: 'http://i/m.png' }, recordType: 1 };
    expect(fmt('social-button-inline', text, site).value).toBe(
      '<span class="squarespace-social-buttons inline-style" data-system-data-id="mi" data-asset-url="http://i/m.png"' +
        ' data-record-type="1" data-full-url="" data-title=""></span>',
    );
  });
});

describe('twitter-follow-button', () => {
  it('uses the user name, else the end of the profile URL', () => {
    const script =
      "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
      'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>';
    expect(fmt('twitter-follow-button', { userName: 'ann' }).value).toBe(
      `${script}<div class="squarespace-follow-button" data-username="ann"></div>`,
    );
    expect(fmt('twitter-follow-button', { userName: '', profileUrl: 'https://twitter.com/bob' }).value).toContain('data-username="bob"');
    expect(fmt('twitter-follow-button', { profileUrl: 'https://twitter.com/bob/' }).value).toContain('data-username=""');
  });
});

describe('google-calendar-url', () => {
  const base = 'http://www.google.com/calendar/event?action=TEMPLATE';
  it('builds the event link with UTC dates, the title and the address', () => {
    const ev = {
      title: 'Café & talk',
      startDate: Date.UTC(2021, 5, 4, 18, 30, 5),
      endDate: Date.UTC(2021, 5, 4, 20, 0, 0),
      location: { addressLine1: ' 1 Elm St ', addressLine2: '', addressCountry: 'NZ' },
    };
    expect(fmt('google-calendar-url', ev).value).toBe(
      `${base}&text=Caf%E9%20%26%20talk&dates=20210604T183005Z/20210604T200000Z&location=1%20Elm%20St%2C%20NZ`,
    );
  });
  it('uses the epoch for missing dates and leaves out an empty location', () => {
    expect(fmt('google-calendar-url', { location: { mapLat: 1 } }).value).toBe(`${base}&text=&dates=19700101T000000Z/19700101T000000Z`);
  });
  it('follows the Julian calendar before 1582 and prints the era year unpadded', () => {
    const start = Date.UTC(1582, 9, 14); // proleptic Gregorian 1582-10-14 is Julian 1582-10-04
    expect(fmt('google-calendar-url', { startDate: start }).value).toContain('&dates=15821004T000000Z/');
    expect(fmt('google-calendar-url', { startDate: Date.UTC(500, 0, 1) }).value).toContain('&dates=4991231T000000Z/');
  });
  it('fails for dates outside the supported Julian days and for unreadable dates', () => {
    const far = fmt('google-calendar-url', { startDate: Date.UTC(9000, 0, 1) });
    expect(far.value).toBe('');
    expect(far.errors[0]).toMatch(/^Julian day \d+ is outside the supported range/);
    expect(fmt('google-calendar-url', { endDate: 'soon' }).value).toBe('');
  });
});

describe('activate-twitter-links', () => {
  it('links URLs, @handles and #hashtags', () => {
    expect(fmt('activate-twitter-links', 'Read https://ex.am/ple?a=1. Thanks @jo_e and #fun!').value).toBe(
      'Read <a target="new" href="https://ex.am/ple?a=1">https://ex.am/ple?a=1</a>. Thanks ' +
        '<a target="new" href="https://twitter.com/jo_e/">@jo_e</a> and ' +
        '<a target="new" href="https://twitter.com/hashtag/fun?src=hash">#fun</a>!',
    );
  });
  it('needs a space or the start before a handle or hashtag', () => {
    expect(fmt('activate-twitter-links', 'mail a@b.c (@x) x#y\t@z').value).toBe('mail a@b.c (@x) x#y\t@z');
  });
  it('prints scalars and drops objects', () => {
    expect(fmt('activate-twitter-links', 12).value).toBe('12');
    expect(fmt('activate-twitter-links', { a: '@b' }).value).toBe('');
  });
});

describe('predicates', () => {
  it('comments? shows open threads or existing comments when the site allows comments', () => {
    expect(pred('comments?', { commentState: 1 })).toBe(true);
    expect(pred('comments?', { commentState: 2, publicCommentCount: 4 })).toBe(true);
    expect(pred('comments?', { commentState: 2, publicCommentCount: 0 })).toBe(false);
    expect(pred('comments?', { commentState: 1 }, [], { websiteSettings: { commentsEnabled: false } })).toBe(false);
    expect(pred('comments?', { commentState: 1 }, [], { websiteSettings: {} })).toBe(false);
    expect(pred('comments?', { commentState: '1' }, [], { websiteSettings: { commentsEnabled: true } })).toBe(true);
  });
  it('disqus? tests websiteSettings.disqusShortName', () => {
    expect(pred('disqus?', {}, [], { websiteSettings: { disqusShortName: 'x' } })).toBe(true);
    expect(pred('disqus?', {}, [], { websiteSettings: { disqusShortname: 'x' } })).toBe(false);
  });
  it('current-type? compares the slice type by name', () => {
    expect(pred('current-type?', { currentType: 5 }, ['gallery'])).toBe(true);
    expect(pred('current-type?', { currentType: '19' }, ['twitter'])).toBe(true);
    expect(pred('current-type?', { currentType: 5 }, ['video'])).toBe(false);
    expect(pred('current-type?', { currentType: 0 }, ['nonsense'])).toBe(false);
    expect(pred('current-type?', { currentType: 5 }, [])).toBe(false);
  });
  it('units-metric? is known but not implemented', () => {
    expect(socialPredicates['units-metric?']).toBe(NOT_IMPLEMENTED);
  });
});

describe('in templates', () => {
  it('reads the site settings of the enclosing data', () => {
    const data = { websiteSettings: { commentsEnabled: true }, items: [{ commentState: 1, publicCommentCount: 1 }, { commentState: 2 }] };
    const tpl = '{.repeated section items}{.comments?}{@|comment-count}{.or}closed{.end}{.alternates with};{.end}';
    expect(render(tpl, data).output).toBe('1 Comment;closed');
  });
});
