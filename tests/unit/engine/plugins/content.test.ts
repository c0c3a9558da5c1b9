// Unit tests of the content formatters and predicates, called directly on a Context with data
// written for these tests (behaviour observed on the published engine).
import { describe, expect, it } from 'vitest';
import { Context } from '../../../../engine/ts/context.js';
import { tsKernels } from '../../../../engine/ts/kernels.js';
import { formatters } from '../../../../engine/ts/plugins/formatters/content.js';
import { predicates } from '../../../../engine/ts/plugins/predicates/content.js';
import { asBoolean, asNumber, asString, stripTags } from '../../../../engine/ts/plugins/content/values.js';
import { thumbnailForWidth } from '../../../../engine/ts/plugins/content/images.js';
import type { Formatter, Predicate } from '../../../../engine/ts/types.js';

function ctxOf(root: unknown): Context {
  return new Context({ root, kernels: tsKernels, locale: 'en' });
}

/** Applies a formatter to `value` with `root` as the data; returns the new value. */
function fmt(name: string, value: unknown, args: string[] = [], root: unknown = {}, ctx = ctxOf(root)): unknown {
  const f = formatters[name] as Formatter;
  expect(typeof f).toBe('function');
  const vars = [{ value }];
  f(ctx, args, vars);
  return vars[0].value;
}

/** Tests a predicate on `node`, pushed on top of `root`. */
function pred(name: string, node: unknown, args: string[] = [], root: unknown = {}): boolean {
  const p = predicates[name] as Predicate;
  expect(typeof p).toBe('function');
  const ctx = ctxOf(root);
  ctx.push(node);
  return p(ctx, args);
}

describe('value conversions', () => {
  it('reads strings like the published engine', () => {
    expect(asString(12)).toBe('12');
    expect(asString(false)).toBe('false');
    expect(asString([1, 2])).toBe('');
    expect(asString({ a: 1 })).toBe('');
    expect(asString(null)).toBe('');
    expect(asString(undefined)).toBe('');
  });
  it('reads numbers from leading digits, with an exponent only after a point', () => {
    expect(asNumber(' 42px')).toBe(42);
    expect(asNumber('1e3')).toBe(1);
    expect(asNumber('2.5e2')).toBe(250);
    expect(asNumber('.5')).toBe(0.5);
    expect(asNumber('-7.25x')).toBe(-7.25);
    expect(asNumber('abc')).toBeNaN();
    expect(asNumber('Infinity')).toBeNaN();
    expect(asNumber(true)).toBe(1);
    expect(asNumber(null)).toBe(0);
    expect(asNumber([9])).toBe(0);
  });
  it('reads flags', () => {
    expect(asBoolean(true)).toBe(true);
    expect(asBoolean(3)).toBe(true);
    expect(asBoolean(0.5)).toBe(false);
    expect(asBoolean('true')).toBe(true);
    expect(asBoolean('1')).toBe(false);
    expect(asBoolean({})).toBe(false);
  });
  it('strips tags, turning every > into a space', () => {
    expect(stripTags('<em>hi</em> there')).toBe(' hi  there');
    expect(stripTags('1 > 0')).toBe('1   0');
    expect(stripTags('open <tag')).toBe('open ');
    expect(stripTags('plain')).toBe('plain');
  });
});

describe('small formatters', () => {
  it('AbsUrl joins base-url from scope and the value', () => {
    expect(fmt('AbsUrl', 'shop/cart', [], { 'base-url': 'https://site.test' })).toBe('https://site.test/shop/cart');
    expect(fmt('AbsUrl', 'a')).toBe('/a');
    expect(fmt('AbsUrl', { 'base-url': 'http://own' })).toBe('http://own/');
  });
  it('capitalize upper-cases scalars and blanks containers', () => {
    expect(fmt('capitalize', 'tea time')).toBe('TEA TIME');
    expect(fmt('capitalize', 3.5)).toBe('3.5');
    expect(fmt('capitalize', ['a'])).toBe('');
    expect(fmt('capitalize', undefined)).toBe('');
  });
  it('humanizeDuration prints minutes:seconds with truncating integer maths', () => {
    expect(fmt('humanizeDuration', 61000)).toBe('1:01');
    expect(fmt('humanizeDuration', 7322000)).toBe('122:02');
    expect(fmt('humanizeDuration', '90000ms')).toBe('1:30');
    expect(fmt('humanizeDuration', -61000)).toBe('-1:-1');
    expect(fmt('humanizeDuration', 'soon')).toBe('0:00');
    expect(fmt('humanizeDuration', 2147483648000)).toBe('-35791394:-8');
  });
  it('audio-player renders the player markup', () => {
    const out = fmt('audio-player', { id: 'a1', structuredContent: { audioAssetUrl: '/s.mp3' } }) as string;
    expect(out).toContain('data-audio-asset-url="/s.mp3" data-item-id="a1" id="audio-player-a1"');
    expect(out.startsWith("<script>Y.use('squarespace-audio-player-frontend');</script>\n")).toBe(true);
  });
});

describe('sizes and thumbnails', () => {
  it('width and height split WxH', () => {
    expect(fmt('width', '640x480')).toBe(640);
    expect(fmt('height', '640x480')).toBe(480);
    expect(fmt('width', '640')).toBeUndefined();
    expect(fmt('height', 'axb')).toBeNaN();
  });
  it('resized sizes keep the aspect ratio', () => {
    expect(fmt('resizedHeightForWidth', '640x480', ['320'])).toBe(240);
    expect(fmt('resizedWidthForHeight', '640x480', ['120'])).toBe(160);
    expect(fmt('resizedHeightForWidth', '3x2', ['2'])).toBe(1);
    expect(fmt('resizedWidthForHeight', '640', ['120'])).toBe("Invalid source parameter. Pass in 'originalSize'");
  });
  it('thumbnails pick the smallest step at or above the size, capped at 1500w', () => {
    expect(thumbnailForWidth(100)).toBe('100w');
    expect(thumbnailForWidth(101)).toBe('300w');
    expect(thumbnailForWidth(1000)).toBe('1000w');
    expect(thumbnailForWidth(1001)).toBe('1500w');
    expect(thumbnailForWidth(99999)).toBe('1500w');
    expect(thumbnailForWidth(NaN)).toBe('100w');
    expect(fmt('squarespaceThumbnailForWidth', undefined, ['600'])).toBe('750w');
    expect(fmt('squarespaceThumbnailForHeight', '1200x600', ['300'])).toBe('750w');
    expect(fmt('squarespaceThumbnailForHeight', null, ['300'])).toBe("Invalid source parameter. Pass in 'originalSize'");
  });
});

describe('image formatters', () => {
  const pic = {
    id: 'p9',
    title: 'Harbour',
    assetUrl: '/img/h.png',
    originalSize: '1200x800',
    mediaFocalPoint: { x: 0.25, y: 0.75 },
  };
  it('image-meta lists the data attributes with a trailing space', () => {
    expect(fmt('image-meta', pic)).toBe(
      'data-src="/img/h.png" data-image="/img/h.png" data-image-dimensions="1200x800" ' +
        'data-image-focal-point="0.25,0.75" alt="Harbour" ',
    );
    expect(fmt('image-meta', undefined)).toBe('');
  });
  it('image-meta falls back to the body without markup, then the file name', () => {
    const m1 = fmt('image-meta', { body: '<p>Two & "three"</p>', filename: 'f.png' }) as string;
    expect(m1).toContain('alt=" Two &amp; &quot;three&quot; "');
    expect(m1).toContain('data-image-focal-point="0.5,0.5"');
    const m2 = fmt('image-meta', { body: ['x'], filename: 'f.png' }) as string;
    expect(m2).toContain('alt="f.png"');
    const long = fmt('image-meta', { body: 'w'.repeat(400) }) as string;
    expect(long).toContain('alt="' + 'w'.repeat(250) + '"');
  });
  it('image-meta flags licensed previews and component keys', () => {
    const m = fmt('image-meta', { licensedAssetPreview: { url: 'u' }, componentKey: 'ck' }) as string;
    expect(m.startsWith('data-licensed-asset-preview="true" data-component-key="ck" data-src=""')).toBe(true);
    expect(fmt('image-meta', { licensedAssetPreview: true })).not.toContain('licensed');
  });
  it('child-image-meta and cover-image-meta pick the image', () => {
    expect(fmt('child-image-meta', { items: [{ title: 'A' }, { title: 'B' }] }, ['1'])).toContain('alt="B"');
    expect(fmt('child-image-meta', { items: [{ title: 'A' }] }, ['3'])).toBe('');
    expect(fmt('cover-image-meta', { coverImage: { title: 'C' } })).toContain('alt="C"');
    expect(fmt('cover-image-meta', {})).toBe('');
  });
  it('image renders noscript and lazy image, alt escaped twice in the meta part', () => {
    const out = fmt('image', { ...pic, title: 'a<b' }, ['hero']) as string;
    expect(out).toBe(
      '<noscript><img src="/img/h.png" alt="a&lt;b" /></noscript><img class="hero" data-src="/img/h.png" ' +
        'data-image="/img/h.png" data-image-dimensions="1200x800" data-image-focal-point="0.25,0.75" ' +
        'alt="a&amp;lt;b" data-load="false" data-image-id="p9" data-type="image" />',
    );
    expect(fmt('image', pic, ['a', 'b'])).toContain('class="thumb-image"');
  });
  it('image uses the trimmed altText only inside an image block', () => {
    const img = { ...pic, altText: '  Boats  ' };
    expect(fmt('image', img, [], { blockType: 5 })).toContain('alt="Boats" /></noscript>');
    expect(fmt('image', img, [], { blockType: 4 })).toContain('alt="Harbour" /></noscript>');
    expect(fmt('image', { ...img, blockType: 5 })).toContain('alt="Boats" /></noscript>');
    expect(fmt('image', { ...img, altText: undefined }, [], { blockType: 5 })).toContain('alt="" /></noscript>');
  });
  it('image-srcset lists the width variants and adds the original at the next step', () => {
    expect(fmt('image-srcset', { assetUrl: '/i', systemDataVariants: '900x600,300w,500w' })).toBe(
      ' srcset="/i?format=300w 300w,/i?format=500w 500w,/i?format=original 750w"',
    );
    expect(fmt('image-srcset', { assetUrl: '/i', systemDataVariants: '640w' })).toBe(' srcset="/i?format=640w 640w"');
    const untouched = { assetUrl: '/i', systemDataVariants: '900x600' };
    expect(fmt('image-srcset', untouched)).toBe(untouched);
  });
  it('video renders the wrapper, overlay and thumbnail', () => {
    const v = {
      oembed: { html: '<iframe src="v"></iframe>', providerName: 'vimeo' },
      overlay: true,
      mainImageId: 'm',
      assetUrl: '/t.jpg',
      originalSize: '16x9',
      colorData: { centerAverage: 'abc' },
    };
    const out = fmt('video', v, ['load-false', 'color-data']) as string;
    expect(
      out.startsWith(
        '<div class="sqs-video-wrapper"  data-load="false" data-html="&lt;iframe src=&quot;v&quot;&gt;&lt;/iframe&gt;" data-provider-name="vimeo">',
      ),
    ).toBe(true);
    expect(out).toContain(
      '<img data-load="false" data-src="/t.jpg" data-image-dimensions="16x9" data-image-focal-point="0.5,0.5" data-color-topleft="#" data-color-topright="#" data-color-bottomleft="#" data-color-bottomright="#" data-color-center="#abc" />',
    );
    expect(fmt('video', { overlay: true })).toBe(
      '<div class="sqs-video-wrapper" data-html="" data-provider-name=""><div class="sqs-video-overlay no-thumb" style="opacity: 0;"><div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>',
    );
  });
});

describe('colour formatters', () => {
  it('color-weight splits at half of white', () => {
    expect(fmt('color-weight', '#800000')).toBe('light');
    expect(fmt('color-weight', '7fffff')).toBe('dark');
    expect(fmt('color-weight', '#eee')).toBe('light');
    expect(fmt('color-weight', '#12')).toBeUndefined();
    expect(fmt('color-weight', 'teal')).toBeUndefined();
  });
  it('website-color prints hsl/hsla or the problems', () => {
    expect(fmt('website-color', { hue: 120, saturation: 0.5, lightness: 0.25 })).toBe('hsl(120, 50%, 25%)');
    expect(fmt('website-color', { hue: 10.126, saturation: 1, lightness: 0, alpha: 0.5 })).toBe('hsla(10.13, 100%, 0%, 0.5)');
    expect(fmt('website-color', { hue: 1, saturation: 0.5 })).toBe('Missing an H/S/L value.');
    expect(fmt('website-color', { hue: 361, saturation: 0.5, lightness: 2 })).toBe('Hue out of bounds. Lightness out of bounds. ');
    expect(fmt('website-color', { hue: 1, saturation: 0.5, lightness: 0.5, alpha: 2 })).toBe('Alpha out of bounds.');
    expect(fmt('website-color', { hue: 'x', saturation: 0.5, lightness: 0.5 })).toBe('hsl(NaN, 50%, 50%)');
  });
  it('image-color gives all regions, one region, or a not-found message', () => {
    const img = { colorData: { topLeftAverage: 'aaa', centerAverage: 'ccc' } };
    expect(fmt('image-color', img)).toBe(
      'data-color-topLeft="#aaa" data-color-topRight="#" data-color-bottomLeft="#" data-color-bottomRight="#" data-color-center="#ccc" ',
    );
    expect(fmt('image-color', img, ['center'])).toBe('#ccc');
    expect(fmt('image-color', img, ['center', 'color'])).toBe('color: #ccc');
    expect(fmt('image-color', img, ['bottomLeft'])).toBe('"bottomLeft" not found.');
    expect(fmt('image-color', {})).toBeUndefined();
  });
});

describe('item-classes', () => {
  it('lists the classes of an item', () => {
    const item = {
      promotedBlockType: 'Big Map',
      categories: ['News Today'],
      tags: ['x y'],
      author: { displayName: 'Ann Lee' },
      recordTypeLabel: 'text',
      starred: true,
    };
    expect(fmt('item-classes', item)).toBe(
      'hentry promoted promoted-block-big-map category-news-today tag-x-y author-ann-lee post-type-text featured',
    );
  });
  it('adds the index inside a repeated section and the store flags', () => {
    const ctx = ctxOf({});
    ctx.push({}, 2);
    const product = {
      recordType: 11,
      structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
    };
    expect(fmt('item-classes', product, [], {}, ctx)).toBe('hentry post-type- article-index-3 on-sale sold-out');
    const digital = { recordType: 11, structuredContent: { productType: 2, variants: [] } };
    expect(fmt('item-classes', digital)).toBe('hentry post-type-');
    const unknownType = { recordType: 11, structuredContent: { variants: [{ qtyInStock: 5 }] } };
    expect(fmt('item-classes', unknownType)).toBe('hentry post-type- sold-out');
  });
  it('reads display fields from scope when the item lacks them', () => {
    expect(fmt('item-classes', {}, [], { recordTypeLabel: 'event', starred: 1 })).toBe('hentry post-type-event featured');
  });
});

describe('predicates', () => {
  it('collections and folders', () => {
    expect(pred('collection?', { collection: { id: 'c' } })).toBe(true);
    expect(pred('collection?', { collection: {} })).toBe(false);
    expect(pred('collection-page?', { collection: { type: 10 } })).toBe(true);
    expect(pred('collection-template-page?', { type: 7 })).toBe(true);
    expect(pred('collection-template-page?', { collection: { type: 1 }, type: 7 })).toBe(false);
    expect(pred('folder?', { collection: { folder: true } })).toBe(true);
    expect(pred('index?', { collection: { folder: true, folderBehavior: 1 } })).toBe(true);
    expect(pred('index?', { collection: { folder: true, folderBehavior: '1' } })).toBe(false);
    expect(pred('redirect?', { folderBehavior: '2' })).toBe(true);
    expect(pred('clickable?', {})).toBe(true);
    expect(pred('clickable?', { folderBehavior: 3 })).toBe(false);
    expect(pred('clickable?', {}, [], { folderBehavior: 3 })).toBe(false);
    expect(pred('collectionTypeNameEquals?', {}, ['blog'], { typeName: 'blog' })).toBe(true);
    expect(pred('collectionTypeNameEquals?', { typeName: 'blog' }, [])).toBe(false);
  });
  it('items', () => {
    expect(pred('excerpt?', { excerpt: { html: '<p>Hi</p>' } })).toBe(true);
    expect(pred('excerpt?', { excerpt: '<p> \n</p>' })).toBe(false);
    expect(pred('excerpt?', { excerpt: 42 })).toBe(false);
    expect(pred('external-link?', { externalLink: 'http://x' })).toBe(true);
    expect(pred('main-image?', { systemDataId: 'abc' })).toBe(true);
    expect(pred('child-images?', { items: [{ mainImageId: 'm' }] })).toBe(true);
    expect(pred('child-images?', { items: [{}, { mainImageId: 'm' }] })).toBe(false);
    expect(pred('passthrough?', { passthrough: true, sourceUrl: 'http://x' })).toBe(true);
    expect(pred('passthrough?', { passthrough: true, sourceUrl: '' })).toBe(false);
    expect(pred('has-multiple?', ['a', 'b'])).toBe(true);
    expect(pred('has-multiple?', { only: 1 })).toBe(false);
    expect(pred('location?', { location: { mapLat: 0, mapLng: null } })).toBe(true);
    expect(pred('location?', { location: { mapLat: 1 } })).toBe(false);
    expect(pred('serviceNameEmail?', { serviceName: 'email' })).toBe(true);
    expect(pred('show-past-events?', { showPastOrUpcomingEvents: 'upcoming' })).toBe(false);
    expect(pred('calendar-view?', {}, [], { calendarView: true })).toBe(true);
  });
  it('same-day? compares UTC calendar days and fails on bad dates', () => {
    const noon = Date.UTC(2020, 1, 29, 12);
    expect(pred('same-day?', { startDate: noon, endDate: noon + 11 * 3600000 })).toBe(true);
    expect(pred('same-day?', { startDate: noon, endDate: noon + 12 * 3600000 })).toBe(false);
    expect(pred('same-day?', {})).toBe(true);
    expect(() => pred('same-day?', { startDate: 'soon', endDate: noon })).toThrow();
    expect(() => pred('same-day?', { startDate: 1e20, endDate: 1e20 })).toThrow(/Julian day/);
  });
  it('record types and promoted blocks', () => {
    expect(pred('audio?', { recordType: 7 })).toBe(true);
    expect(pred('store-item?', { recordType: '11' })).toBe(true);
    expect(pred('event?', { recordType: 11 })).toBe(false);
    expect(pred('checkin?', { recordType: 52 })).toBe(true);
    expect(pred('video?', { promotedBlockType: 'video' })).toBe(true);
    expect(pred('external-video?', { recordType: 8 })).toBe(true);
    expect(pred('text?', { promotedBlockType: 'text' })).toBe(false);
    expect(pred('promotedFORM?', { promotedBlockType: 'form' })).toBe(true);
    expect(pred('promotedFORM?', { promotedBlockType: 'FORM' })).toBe(false);
    // Every record type of the spec, and the published engine's undefined? (-1).
    expect(pred('chat?', { recordType: 6 })).toBe(true);
    expect(pred('review?', { recordType: 10 })).toBe(true);
    expect(pred('thread?', { recordType: '13' })).toBe(true);
    expect(pred('lesson?', { recordType: 62 })).toBe(true);
    expect(pred('lesson?', { recordType: 54 })).toBe(false);
    expect(pred('undefined?', { recordType: -1 })).toBe(true);
    expect(pred('undefined?', {})).toBe(false);
  });
  it('background sources', () => {
    expect(pred('background-source-undefined?', { backgroundSource: -1 })).toBe(true);
    expect(pred('background-source-video?', { backgroundSource: 3 })).toBe(true);
    expect(pred('background-source-none?', {})).toBe(false);
  });
  it('gallery options are read from scope without defaults', () => {
    const root = { options: { design: 'slider', 'meta-position': 'top-left', 'active-alignment': 'right', lightbox: 'true' } };
    expect(pred('gallery-design-slider?', {}, [], root)).toBe(true);
    expect(pred('gallery-design-grid?', {}, [], root)).toBe(false);
    expect(pred('gallery-meta-position-top-left?', {}, [], root)).toBe(true);
    expect(pred('gallery-active-alignment-right?', {}, [], root)).toBe(true);
    expect(pred('gallery-lightbox?', {}, [], root)).toBe(true);
    expect(pred('gallery-auto-crop?', {}, [], root)).toBe(false);
    expect(pred('gallery-meta?', { options: { indicators: 1 } })).toBe(true);
  });
});
