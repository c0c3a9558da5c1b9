// The pure parts of content blocks (app/config/blocks): the gallery options' defaults and ranges
// (SPEC 3) and design rules (SPEC 4), the chart dataset's checks with the SPEC 5 texts and its
// truncation to the stated limits, the code block kept as text, the media blocks' fields, and the
// storefront's shape of stored blocks (a gallery through the engine's gallery predicates).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../../../../engine/index.js';
import { blockSummary, parseBlockForm, readSettings } from '../../../../app/config/blocks/block-types.js';
import { typedBlockValues } from '../../../../app/config/blocks/block-values.js';
import { CHART_LIMITS, CHART_TEXT, editorGrid, readNumber, typedDataset, validateDataset } from '../../../../app/config/blocks/chart.js';
import { CODE_TEXT, isAndroid } from '../../../../app/config/blocks/code.js';
import { applyDesignRules, DEFAULT_GALLERY_OPTIONS, GalleryOptions } from '../../../../app/config/blocks/gallery.js';
import { shapeBlocks } from '../../../../app/storefront/page-blocks.js';

const form = (o: Record<string, string | string[]>) => {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
};

describe('gallery options', () => {
  it('has the defaults of SPEC 3', () => {
    expect(DEFAULT_GALLERY_OPTIONS).toMatchObject({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      controls: false,
      'auto-crop': true,
      'aspect-ratio': 'square',
      'square-thumbs': true,
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'thumbnail-strip-margin': 20,
      'show-meta-basic': true,
      'show-meta': true,
      'show-meta-only-title': false,
      'meta-position': 'bottom',
      'show-meta-on-hover': false,
      'active-alignment': 'center',
      'thumbnails-per-row': 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      'max-width': 300,
      newWindow: false,
      transparentBackground: false,
    });
  });

  it('takes numbers at the ends of their ranges and refuses them just outside, with the range in the message', () => {
    const ok = GalleryOptions.safeParse({
      'autoplay-duration': '1',
      'thumbnail-strip-height': '200',
      padding: '0',
      'max-width': '100',
      'thumbnails-per-row': '10',
    });
    expect(ok.success).toBe(true);
    for (const [key, bad, text] of [
      ['autoplay-duration', '11', 'Choose a whole number from 1 to 10.'],
      ['autoplay-duration', '0', 'Choose a whole number from 1 to 10.'],
      ['thumbnail-strip-height', '201', 'Choose a whole number from 0 to 200.'],
      ['thumbnail-strip-margin', '61', 'Choose a whole number from 0 to 60.'],
      ['thumbnails-per-row', '2.5', 'Choose a whole number from 1 to 10.'],
      ['padding', 'lots', 'Choose a whole number from 0 to 50.'],
      ['max-width', '99', 'Choose a whole number from 100 to 300.'],
    ]) {
      const r = GalleryOptions.safeParse({ [key]: bad });
      expect(r.success, `${key}=${bad}`).toBe(false);
      if (!r.success) expect(r.error.issues[0]).toMatchObject({ path: [key], message: text });
    }
    expect(GalleryOptions.safeParse({ design: 'mosaic' }).success).toBe(false);
  });

  it('applies the design rules of SPEC 4', () => {
    const on = { ...DEFAULT_GALLERY_OPTIONS, thumbnails: true, autoplay: true };
    expect(applyDesignRules({ ...DEFAULT_GALLERY_OPTIONS, design: 'slideshow', thumbnails: false })).toMatchObject({ thumbnails: true });
    expect(applyDesignRules({ ...on, design: 'grid' })).toMatchObject({ thumbnails: false, autoplay: false });
    expect(applyDesignRules({ ...on, design: 'stacked' })).toMatchObject({ thumbnails: false, autoplay: false });
    expect(applyDesignRules({ ...on, design: 'slider' })).toMatchObject({ thumbnails: true, autoplay: true });
  });

  it('reads the options panel: an unticked switch is off, the rules run, and a note says what they changed', () => {
    const r = parseBlockForm(
      'gallery',
      form({ design: 'grid', autoplay: 'on', thumbnails: 'on', image: ['a', 'b', 'a'], padding: '10', 'alt.b': ` ${'b'.repeat(300)}` }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.settings.images).toEqual([
      { fileId: 'a', alt: '' },
      { fileId: 'b', alt: 'b'.repeat(250) },
    ]);
    expect(r.settings.options).toMatchObject({ design: 'grid', autoplay: false, thumbnails: false, padding: 10, 'auto-crop': false });
    expect(r.notes.length).toBe(2);
    const bad = parseBlockForm('gallery', form({ design: 'grid', padding: '51' }));
    expect(bad).toMatchObject({ ok: false, fields: { padding: 'Choose a whole number from 0 to 50.' } });
  });
});

describe('chart datasets', () => {
  const grid = (cells: Record<string, string>) => typedDataset(form(cells)).data;

  it('answers with the SPEC 5 texts', () => {
    expect(validateDataset(grid({}))).toEqual({ ok: false, error: 'Enter some data!' });
    expect(validateDataset(grid({ 'label.0': 'Jan', 'label.1': 'Feb' }))).toEqual({
      ok: false,
      error: 'Your dataset must have at least one column',
    });
    expect(validateDataset(grid({ 'column.0': 'Sales' }))).toEqual({ ok: false, error: 'Your dataset must have at least one row' });
    expect(validateDataset(grid({ 'column.0': 'Sales', 'label.0': 'Jan', 'cell.0.0': '3', 'label.1': 'Feb' }))).toEqual({
      ok: false,
      error: 'One or more rows was missing data',
    });
    expect(validateDataset(grid({ 'column.0': 'Sales', 'cell.0.0': '3' }))).toEqual({ ok: false, error: CHART_TEXT.missing });
    expect(validateDataset(grid({ 'column.0': 'Sales', 'label.0': 'Jan', 'cell.0.0': 'many' }))).toEqual({
      ok: false,
      error: CHART_TEXT.notNumber('many'),
    });
  });

  it('keeps whole rows and columns, skipping blank ones between them', () => {
    const r = validateDataset(
      grid({
        kind: 'line',
        'column.0': 'Mugs',
        'column.2': 'Bowls',
        'label.0': 'Jan',
        'cell.0.0': '1,200',
        'cell.0.2': '4.5',
        'label.3': 'Feb',
        'cell.3.0': '-2',
        'cell.3.2': '0',
      }),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        kind: 'line',
        title: '',
        labelHeading: '',
        columns: ['Mugs', 'Bowls'],
        rows: [
          { label: 'Jan', values: [1200, 4.5] },
          { label: 'Feb', values: [-2, 0] },
        ],
      },
    });
  });

  it(`truncates to ${CHART_LIMITS.rows} rows, ${CHART_LIMITS.columns} columns and ${CHART_LIMITS.label}-character labels`, () => {
    const cells: Record<string, string> = {};
    for (let c = 0; c < 12; c++) cells[`column.${c}`] = `Series ${c}`;
    for (let r = 0; r < 60; r++) {
      cells[`label.${r}`] = r === 0 ? 'x'.repeat(55) : `Row ${r}`;
      for (let c = 0; c < 12; c++) cells[`cell.${r}.${c}`] = String(r + c);
    }
    const { data, truncated } = typedDataset(form(cells));
    expect(truncated).toBe(true);
    expect(data.columns).toHaveLength(10);
    expect(data.rows).toHaveLength(50);
    expect(data.rows[0].label).toHaveLength(40);
    const v = validateDataset(data);
    expect(v.ok && v.value.rows.length === 50 && v.value.columns.length === 10).toBe(true);
    const parsed = parseBlockForm('chart', form(cells));
    expect(parsed.ok && parsed.notes).toEqual([CHART_TEXT.truncated]);
    // Huge indices are never turned into huge grids.
    expect(typedDataset(form({ 'label.9999': 'x', 'cell.9999.9999': '1' })).data.rows.length).toBeLessThanOrEqual(CHART_LIMITS.rows);
  });

  it('reads numbers strictly', () => {
    expect(readNumber('1,234.5')).toBe(1234.5);
    expect(readNumber('-.5')).toBe(-0.5);
    expect(readNumber('1e3')).toBe(1000);
    expect(readNumber('0x10')).toBeNull();
    expect(readNumber('Infinity')).toBeNull();
    expect(readNumber('1e400')).toBeNull();
  });

  it('shows the typed grid again after an error, with room to type', () => {
    const f = form({ kind: 'pie', 'column.0': 'Sales', 'label.0': 'Jan', 'cell.0.0': '' });
    const r = parseBlockForm('chart', f);
    expect(r).toMatchObject({ ok: false, error: CHART_TEXT.missing });
    const again = typedBlockValues('chart', f).dataset!;
    expect(again.kind).toBe('pie');
    expect(again.columns[0]).toBe('Sales');
    expect(again.rows[0].label).toBe('Jan');
    const shown = editorGrid(again);
    expect(shown.rows.length).toBeGreaterThan(again.rows.length);
    expect(shown.columns.length).toBeGreaterThan(again.columns.length);
  });
});

describe('code, image, video and audio blocks', () => {
  it('keeps code as typed text, line ends normalised', () => {
    const r = parseBlockForm('code', form({ language: 'html', text: '<script>alert(1)</script>\r\n<b>x</b>' }));
    expect(r).toMatchObject({ ok: true, settings: { language: 'html', text: '<script>alert(1)</script>\n<b>x</b>' } });
    expect(parseBlockForm('code', form({ language: 'html', text: '' }))).toMatchObject({ ok: false, fields: { text: CODE_TEXT.empty } });
    expect(parseBlockForm('code', form({ language: 'cobol', text: 'x' }))).toMatchObject({
      ok: false,
      fields: { language: 'Choose a language.' },
    });
  });

  it('knows an Android user agent', () => {
    expect(isAndroid('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toBe(true);
    expect(isAndroid('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(false);
    expect(isAndroid(null)).toBe(false);
    expect(CODE_TEXT.android).toBe('Code editing is not available on Android.');
  });

  it('needs a file for an image and audio, and a file or a web address for a video', () => {
    expect(parseBlockForm('image', form({ fileId: '' }))).toMatchObject({
      ok: false,
      fields: { fileId: 'Choose an image from your files.' },
    });
    expect(parseBlockForm('image', form({ fileId: 'f1', link: 'javascript:alert(1)' }))).toMatchObject({
      ok: false,
      fields: { link: expect.any(String) },
    });
    expect(parseBlockForm('image', form({ fileId: 'f1', link: '/about', altText: ' A jug ' }))).toMatchObject({
      ok: true,
      settings: { altText: 'A jug', link: '/about' },
    });
    expect(parseBlockForm('video', form({ fileId: '', url: '' }))).toMatchObject({ ok: false, fields: { fileId: expect.any(String) } });
    expect(parseBlockForm('video', form({ fileId: '', url: 'ftp://x' }))).toMatchObject({ ok: false, fields: { url: expect.any(String) } });
    expect(parseBlockForm('video', form({ fileId: '', url: 'https://video.example/v/1' }))).toMatchObject({ ok: true });
    expect(parseBlockForm('audio', form({ fileId: '' }))).toMatchObject({ ok: false });
  });

  it('summarises blocks for the page’s list, and flags settings that no longer parse', () => {
    const name = (id: string) => (id === 'a' ? 'a.png' : null);
    expect(
      blockSummary(
        'gallery',
        readSettings('gallery', { images: [{ fileId: 'a' }, { fileId: 'gone' }], options: { design: 'slider' } }),
        name,
      ),
    ).toBe('1 image, carousel');
    expect(blockSummary('image', readSettings('image', { fileId: 'gone' }), name)).toBe('File deleted');
    expect(readSettings('chart', { columns: [] })).toBeNull();
    expect(blockSummary('chart', null, name)).toMatch(/Needs attention/);
  });
});

describe('blocks on the storefront', () => {
  const files = {
    a: { url: '/files/a/jug.png', name: 'jug.png', contentType: 'image/png', originalSize: '800x600' },
    m: { url: '/files/m/tide.mp3', name: 'tide.mp3', contentType: 'audio/mpeg', originalSize: null },
  };

  it('shapes blocks for the theme and leaves out what cannot be shown', () => {
    const blocks = shapeBlocks({
      blocks: [
        { id: '1', type: 'image', settings: { fileId: 'gone' } },
        { id: '2', type: 'audio', settings: { fileId: 'm' } },
        { id: '3', type: 'chart', settings: { nonsense: true } },
        { id: '4', type: 'unknown', settings: {} },
        { id: '5', type: 'gallery', settings: { images: [{ fileId: 'a' }, { fileId: 'm' }], options: { design: 'slideshow' } } },
      ],
      files,
    });
    expect(blocks.map((b) => b.id)).toEqual(['2', '5']);
    expect(blocks[0].audio).toEqual({
      title: 'tide',
      assetUrl: '/files/m/tide.mp3',
      structuredContent: { audioAssetUrl: '/files/m/tide.mp3' },
    });
    // Only images go into a gallery; the stored options come back whole (defaults filled in).
    expect(blocks[1].gallery?.items.map((i) => i.filename)).toEqual(['jug.png']);
    expect(blocks[1].gallery?.options).toMatchObject({ design: 'slideshow', padding: 20, 'thumbnails-per-row': 4 });
  });

  it('renders a gallery through the engine’s gallery predicates', () => {
    const blocks = shapeBlocks({
      blocks: [
        {
          id: 'g',
          type: 'gallery',
          settings: { images: [{ fileId: 'a' }], options: { design: 'slideshow', thumbnails: true, lightbox: true } },
        },
      ],
      files,
    });
    const t =
      '{.repeated section blocks}{.section gallery}{.gallery-design-slideshow?}S{.end}{.gallery-thumbnails?}T{.end}{.gallery-lightbox?}L{.end}{.gallery-autoplay?}A{.end}{.end}{.end}';
    expect(render(t, { blocks }).output).toBe('STL');
  });
});

describe('the seed themes render blocks', () => {
  const blocks = shapeBlocks({
    blocks: [
      { id: 'c', type: 'code', settings: { language: 'plain', text: '<i>x</i>' } },
      { id: 'k', type: 'chart', settings: { kind: 'pie', columns: ['Share'], rows: [{ label: 'Tea', values: [3] }] } },
    ],
    files: {},
  });
  for (const [dir, wrapper] of [
    ['db/seed/theme', 'wrap-narrow page-blocks'],
    ['db/seed/themes/journal', 'measure page-blocks'],
  ]) {
    it(`${dir}: page.html prints the page-blocks partial after the body, and nothing when there are none`, () => {
      const partials = { 'page-blocks': fs.readFileSync(path.join(dir, '_page-blocks.html'), 'utf8') };
      const page = fs.readFileSync(path.join(dir, 'page.html'), 'utf8');
      const r = render(page, { collection: { title: 'T', body: '<p>Body</p>', blocks } }, { partials });
      expect(r.errors).toEqual([]);
      expect(r.output.indexOf('<p>Body</p>')).toBeLessThan(r.output.indexOf(`<div class="${wrapper}">`));
      expect(r.output).toContain('<code>&lt;i&gt;x&lt;/i&gt;</code>');
      expect(r.output).toContain('<th scope="col">Label</th><th scope="col">Share</th>');
      const none = render(page, { collection: { title: 'T', body: '<p>Body</p>', blocks: [] } }, { partials });
      expect(none.output).not.toContain('page-blocks');
    });
  }
});
