// Content blocks through the built server: each of the six kinds added to a page and shown to a
// shopper after the page's body (code escaped, the chart's data as a table); the gallery's ranges
// and design rules (its controls in the page's language, French under /fr); bad chart data
// answered with the SPEC 5 texts, keeping what was typed; moving and removing blocks; files of the wrong kind or another site refused; roles; the Android notice.
// The page and the files made here are deleted afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLE_IDS } from '../../app/auth/roles.js';
import { png } from '../support/sample-files.js';
import { Visitor } from './support/client.js';
import { adminVisitor, auditHas, OWNER, visitorWithRole } from './support/owner.js';

const run = randomBytes(3).toString('hex');
const slug = `blocks-${run}`;
let admin: Visitor;
let pageId = '';
const files: Record<'red' | 'blue' | 'song' | 'film', string> = { red: '', blue: '', song: '', film: '' };

// React separates adjacent text with <!-- -->: read the page as its text runs joined.
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');
const mp3 = () => Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64)]);
const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.alloc(64),
  ]);

async function upload(name: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await admin.fetch('/config/files?index', { method: 'POST', body: form });
  const m = /^\/config\/files\/([a-f0-9]{24})\?uploaded=1$/.exec(res.headers.get('location') ?? '');
  if (!m) throw new Error(`upload of ${name} answered ${res.status}`);
  return m[1];
}

const blocksUrl = () => `/config/pages/${encodeURIComponent(pageId)}/blocks`;
const shopperPage = async () => {
  const res = await new Visitor().get(`/${slug}`);
  expect(res.status).toBe(200);
  return res.text();
};
const editorPage = async () => text(await admin.get(`/config/pages/${encodeURIComponent(pageId)}`));

/** Adds a block; returns its id. */
async function add(type: string, fields: Record<string, string> | [string, string][], who: Visitor = admin): Promise<string> {
  const res = await who.postForm(`${blocksUrl()}/new?type=${type}`, fields);
  if (res.status !== 303) throw new Error(`adding a ${type} block answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const m = new RegExp(`^${blocksUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([a-f0-9]{24})\\?saved=created`).exec(
    res.headers.get('location') ?? '',
  );
  if (!m) throw new Error(`unexpected location ${res.headers.get('location')}`);
  return m[1];
}

/** The order of the blocks' sections on the shopper's page, by type. */
const order = (html: string) =>
  [...html.matchAll(/<section class="page-block page-block-([a-z]+)" id="block-([a-f0-9]+)"/g)].map((m) => m[2]);

beforeAll(async () => {
  admin = await adminVisitor();
  const res = await admin.postForm('/config/pages/new', {
    intent: 'save',
    title: `Studio notes ${run}`,
    urlId: slug,
    description: '',
    body: '<p>The body comes first.</p>',
    seoTitle: '',
    seoDescription: '',
    status: 'published',
    publishAt: '',
  });
  pageId = decodeURIComponent(/^\/config\/pages\/([^?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
  files.red = await upload(`red-${run}.png`, png(4, 3), 'image/png');
  files.blue = await upload(`blue-${run}.png`, png(2, 2, [20, 40, 200]), 'image/png');
  files.song = await upload(`tide-${run}.mp3`, mp3(), 'audio/mpeg');
  files.film = await upload(`kiln-${run}.mp4`, mp4(), 'video/mp4');
});

afterAll(async () => {
  if (pageId) await admin.postForm(`/config/pages/${encodeURIComponent(pageId)}`, { intent: 'delete' });
  for (const id of Object.values(files)) if (id) await admin.postForm(`/config/files/${id}`, { intent: 'delete', confirm: 'yes' });
});

describe('adding blocks', () => {
  it('offers the six kinds from the page editor and from /blocks/new', async () => {
    const editor = await editorPage();
    expect(editor).toContain('id="blocks-h">Blocks</h2>');
    expect(editor).toContain('This page has no blocks yet.');
    expect(editor).toContain(`action="${blocksUrl()}/new"`);
    const chooser = await text(await admin.get(`${blocksUrl()}/new`));
    for (const label of ['Gallery', 'Chart', 'Code', 'Video', 'Audio', 'Image']) expect(chooser).toContain(`>${label}</a>`);
    const gallery = await text(await admin.get(`${blocksUrl()}/new?type=gallery`));
    // The options panel with the SPEC 3 defaults and ranges, and the site's images to pick.
    expect(gallery).toMatch(/name="padding"[^>]*min="0"[^>]*max="50"[^>]*value="20"/);
    expect(gallery).toMatch(/name="autoplay-duration"[^>]*min="1"[^>]*max="10"[^>]*value="5"/);
    expect(gallery).toContain('<option value="slider">Carousel</option>');
    expect(gallery).toContain(`value="${files.red}"`);
    expect(gallery).not.toContain(`value="${files.song}"`);
  });

  it('adds one of each kind, audited, and the shopper sees them after the body', async () => {
    const ids = {
      image: await add('image', { fileId: files.red, altText: 'A red tile', caption: 'Glaze test', link: '/about' }),
      video: await add('video', { fileId: files.film, url: '', title: 'Loading the kiln', caption: '' }),
      audio: await add('audio', { fileId: files.song, title: 'Tide recording' }),
      gallery: await add('gallery', [
        ['design', 'grid'],
        ['image', files.blue],
        ['image', files.red],
        [`alt.${files.red}`, 'A red glaze tile'],
        ['padding', '12'],
        ['show-meta', 'on'],
      ]),
      chart: await add('chart', {
        kind: 'bar',
        title: 'Pots fired',
        labelHeading: 'Month',
        'column.0': 'Mugs',
        'column.1': 'Bowls',
        'label.0': 'March',
        'cell.0.0': '12',
        'cell.0.1': '7',
        'label.1': 'April',
        'cell.1.0': '1,500',
        'cell.1.1': '0',
      }),
      code: await add('code', { language: 'html', text: '<script>alert("x")</script>\n<b>bold?</b>' }),
    };
    const html = await shopperPage();
    expect(html.indexOf('<p>The body comes first.</p>')).toBeLessThan(html.indexOf('class="page-block '));
    expect(order(html)).toEqual(Object.values(ids));
    expect(html).toMatch(new RegExp(`<img src="/files/${files.red}/red-${run}.png" width="4" height="3" alt="A red tile"`));
    expect(html).toContain('<figcaption>Glaze test</figcaption>');
    expect(html).toContain(`<video controls preload="metadata" src="/files/${files.film}/kiln-${run}.mp4">`);
    expect(html).toContain(`<audio controls preload="none" src="/files/${files.song}/tide-${run}.mp3">`);
    // The gallery, in the chosen order, with its options as the engine's gallery predicates read them.
    const gallery = html.slice(html.indexOf('block-gallery'), html.indexOf('</ul>', html.indexOf('block-gallery')));
    expect(gallery).toContain('gallery-grid');
    expect(gallery).toContain('--gallery-padding: 12px');
    expect(gallery.indexOf(`/files/${files.blue}/`)).toBeLessThan(gallery.indexOf(`/files/${files.red}/`));
    // The owner's alt text, else the file's name.
    expect(gallery).toMatch(new RegExp(`src="/files/${files.red}/[^"]+" width="4" height="3" alt="A red glaze tile"`));
    expect(gallery).toMatch(new RegExp(`src="/files/${files.blue}/[^"]+" width="2" height="2" alt="blue-${run}"`));
    // The chart: an accessible table of its data, and a canvas for the island.
    expect(html).toContain('<thead><tr><th scope="col">Month</th><th scope="col">Mugs</th><th scope="col">Bowls</th></tr></thead>');
    expect(html).toContain('<tr><th scope="row">April</th><td>1500</td><td>0</td></tr>');
    expect(html).toMatch(
      /<canvas data-chart="bar" data-chart-data="[^"]*&quot;Mugs&quot;[^"]*" role="img" aria-label="Bar chart: Pots fired\./,
    );
    // Code is text: escaped, never run.
    expect(html).toContain('<code>&lt;script&gt;alert("x")&lt;/script&gt;\n&lt;b&gt;bold?&lt;/b&gt;</code>');
    expect(html).not.toContain('<script>alert("x")</script>');

    const editor = await editorPage();
    expect(editor).toContain('1. Image');
    expect(editor).toContain(`red-${run}.png`);
    expect(editor).toContain('2 images, grid');
    expect(editor).toContain('Pots fired: bar chart, 2 rows × 2 columns');
    expect(await auditHas(admin, 'block', { actor: OWNER.email, action: 'block.add', target: `/${slug}` })).toBe(true);
  });

  it('refuses a file of the wrong kind, keeping what was typed', async () => {
    const res = await admin.postForm(`${blocksUrl()}/new?type=audio`, { fileId: files.red, title: `Typed ${run}` });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain('That file is not one of this site’s files of the right kind.');
    expect(html).toContain(`value="Typed ${run}"`);
    const none = await admin.postForm(`${blocksUrl()}/new?type=image`, { fileId: '', altText: 'kept alt' });
    expect(none.status).toBe(400);
    const noneHtml = await text(none);
    expect(noneHtml).toContain('Choose an image from your files.');
    expect(noneHtml).toContain('value="kept alt"');
  });
});

describe('video blocks by web address', () => {
  it('plays YouTube and Vimeo by URL pattern behind a poster, with the overlay; another address is a link', async () => {
    // The overlay needs its image: refused with the typed address kept.
    const bare = await admin.postForm(`${blocksUrl()}/new?type=video`, { fileId: '', url: 'https://youtu.be/dQw4w9WgXcQ', overlay: 'on' });
    expect(bare.status).toBe(400);
    const bareHtml = await text(bare);
    expect(bareHtml).toContain('Choose the image to show over the video.');
    expect(bareHtml).toContain('value="https://youtu.be/dQw4w9WgXcQ"');
    // The providers' oEmbed cannot be reached from here: the saves go on without it, and soon.
    const started = Date.now();
    const youtube = await add('video', {
      fileId: '',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      title: 'Throwing a bowl',
      caption: '',
      overlay: 'on',
      thumbnailFileId: files.red,
    });
    const vimeo = await add('video', { fileId: '', url: 'https://vimeo.com/76979871', title: '', caption: '' });
    const other = await add('video', { fileId: '', url: 'https://films.example/kiln', title: 'At the kiln', caption: '' });
    expect(Date.now() - started).toBeLessThan(15_000);
    const res = await new Visitor().get(`/${slug}`);
    const html = await res.text();
    const section = (id: string) =>
      html.slice(html.indexOf(`id="block-${id}"`), html.indexOf('</section>', html.indexOf(`id="block-${id}"`)));
    // Nothing of the provider's is on the page: a poster linking to the video's own page, the
    // player's address only in a data attribute for the island.
    expect(section(youtube)).toContain(
      '<div class="block-video-embed has-overlay" data-video-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1" data-video-title="Throwing a bowl (YouTube)">' +
        `<a class="block-video-poster" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener"><img src="/files/${files.red}/red-${run}.png" alt=""`,
    );
    expect(section(youtube)).toContain('<span class="block-video-label">Play Throwing a bowl (YouTube)</span>');
    expect(section(vimeo)).toContain(
      '<div class="block-video-embed" data-video-embed="https://player.vimeo.com/video/76979871?autoplay=1&amp;dnt=1" data-video-title="Watch the video (Vimeo)">' +
        '<a class="block-video-poster" href="https://vimeo.com/76979871" rel="noopener"><span class="block-video-play"',
    );
    expect(section(other)).toContain(
      '<p class="block-video-link"><a href="https://films.example/kiln" rel="noopener" target="_blank">At the kiln</a></p>',
    );
    expect(html).not.toContain('<iframe');
    // The page may frame exactly the two players (after a click), nothing else of theirs.
    const csp = res.headers.get('content-security-policy')!;
    expect(/frame-src ([^;]*)/.exec(csp)![1].trim()).toBe("'self' https://www.youtube-nocookie.com https://player.vimeo.com");
    expect(/img-src ([^;]*)/.exec(csp)![1].trim()).toBe("'self' data:");
    // The editor shows the overlay as saved.
    const form = await text(await admin.get(`${blocksUrl()}/${youtube}`));
    expect(form).toMatch(/name="overlay"[^>]*checked/);
    expect(form).toMatch(new RegExp(`<option value="${files.red}" selected`));
    for (const id of [youtube, vimeo, other]) expect((await admin.postForm(`${blocksUrl()}/${id}`, { intent: 'remove' })).status).toBe(303);
  });
});

describe('the gallery options', () => {
  it('applies the design rules on save: grid and stacked turn thumbnails and autoplay off, slideshow turns thumbnails on', async () => {
    const grid = await admin.postForm(`${blocksUrl()}/new?type=gallery`, [
      ['design', 'stacked'],
      ['image', files.red],
      ['thumbnails', 'on'],
      ['autoplay', 'on'],
    ]);
    expect(grid.status).toBe(303);
    expect(grid.headers.get('location')).toContain('notes=1');
    const gridEditor = await text(await admin.get(grid.headers.get('location')!));
    expect(gridEditor).toContain('Stacked galleries show no thumbnails and do not autoplay: those options were turned off.');
    expect(gridEditor).not.toMatch(/id="f-thumbnails"[^>]*checked/);

    const show = await admin.postForm(`${blocksUrl()}/new?type=gallery`, [
      ['design', 'slideshow'],
      ['image', files.red],
      ['image', files.blue],
      ['autoplay', 'on'],
      ['autoplay-duration', '3'],
      ['controls', 'on'],
      ['lightbox', 'on'],
      ['lightboxTheme', 'light'],
    ]);
    expect(show.status).toBe(303);
    const id = /blocks\/([a-f0-9]{24})/.exec(show.headers.get('location')!)![1];
    const html = await shopperPage();
    const section = html.slice(html.indexOf(`id="block-${id}"`));
    const own = section.slice(0, section.indexOf('</section>'));
    expect(section).toMatch(
      /^[^]*?class="block-gallery gallery-slideshow[^"]*has-thumbnails[^"]* lightbox-light" data-design="slideshow" data-autoplay="3"/,
    );
    expect(section).toContain(`<a href="#block-${id}-2">`);
    // Without JavaScript: every image in the list, each a link to the full image (the lightbox's);
    // the controls are there for the island, hidden until it makes them work.
    expect(own).toContain(`<a href="/files/${files.blue}/blue-${run}.png" data-lightbox><img`);
    expect(own).toContain(
      '<div class="gallery-controls" data-gallery-controls hidden><button type="button" data-gallery-prev>Previous image</button> <button type="button" data-gallery-next>Next image</button></div>',
    );
    // The same gallery on the page in French: its buttons in French from the server, for a visitor
    // without JavaScript and for the first paint alike (the island no longer has to relabel them).
    const fr = await new Visitor().get(`/fr/${slug}`);
    expect(fr.status).toBe(200);
    const frSection = (await fr.text()).split(`id="block-${id}"`)[1];
    expect(frSection.slice(0, frSection.indexOf('</section>'))).toContain(
      '<div class="gallery-controls" data-gallery-controls hidden><button type="button" data-gallery-prev>Image précédente</button> <button type="button" data-gallery-next>Image suivante</button></div>',
    );
    const stacked = html.slice(html.indexOf('gallery-stacked') - 40);
    const stackedOwn = stacked.slice(0, stacked.indexOf('</section>'));
    expect(stackedOwn).not.toContain('has-thumbnails');
    // Controls only when set; no lightbox links without the lightbox.
    expect(stackedOwn).not.toContain('data-gallery-controls');
    expect(stackedOwn).not.toContain('data-lightbox');
  });

  it('answers a number out of range with its range, keeping the typed options', async () => {
    const res = await admin.postForm(`${blocksUrl()}/new?type=gallery`, [
      ['design', 'slider'],
      ['image', files.blue],
      ['image', files.red],
      ['padding', '51'],
      ['thumbnails-per-row', '0'],
    ]);
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain('Choose a whole number from 0 to 50.');
    expect(html).toContain('Choose a whole number from 1 to 10.');
    expect(html).toMatch(/name="padding"[^>]*value="51"/);
    expect(html).toMatch(/<option value="slider" selected="">Carousel/);
    // Both chosen images stay chosen: the reply keeps every value of the repeated name.
    expect(html).toMatch(new RegExp(`name="image" checked="" value="${files.blue}"`));
    expect(html).toMatch(new RegExp(`name="image" checked="" value="${files.red}"`));
  });

  it('shows an unknown design refused beside the Design field, tied to it', async () => {
    // The panel drew Design by hand and dropped its error: the post was refused with nothing shown.
    const res = await admin.postForm(`${blocksUrl()}/new?type=gallery`, [
      ['design', 'spiral'],
      ['image', files.red],
    ]);
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toMatch(/<select[^>]*id="f-design"[^>]*aria-invalid="true"[^>]*aria-describedby="f-design-hint f-design-error"/);
    expect(html).toContain('<span class="error" id="f-design-error">Choose a design.</span>');
  });
});

describe('the chart dataset editor', () => {
  const cases: [string, Record<string, string>][] = [
    ['Enter some data!', { kind: 'bar', title: 'Empty' }],
    ['Your dataset must have at least one column', { kind: 'bar', 'label.0': 'Typed row' }],
    ['Your dataset must have at least one row', { kind: 'bar', 'column.0': 'Typed column' }],
    [
      'One or more rows was missing data',
      { kind: 'line', 'column.0': 'Typed column', 'label.0': 'Typed row', 'cell.0.0': '4', 'label.1': 'Half row' },
    ],
  ];
  for (const [message, fields] of cases) {
    it(`answers "${message}" and keeps the typed grid`, async () => {
      const res = await admin.postForm(`${blocksUrl()}/new?type=chart`, fields);
      expect(res.status).toBe(400);
      const html = await text(res);
      expect(html).toContain(`<p class="error" id="chart-error" role="alert">${message}</p>`);
      for (const [k, v] of Object.entries(fields))
        if (k !== 'kind') expect(html).toMatch(new RegExp(`name="${k.replace(/\./g, '\\.')}"[^>]*value="${v}"`));
    });
  }

  it('says so when a dataset was truncated to the limits', async () => {
    const fields: Record<string, string> = { kind: 'bar', 'column.0': 'A', 'column.11': 'Dropped' };
    for (let r = 0; r < 52; r++) {
      fields[`label.${r}`] = `Row ${r}`;
      fields[`cell.${r}.0`] = String(r);
    }
    const res = await admin.postForm(`${blocksUrl()}/new?type=chart`, fields);
    expect(res.status).toBe(303);
    const page = await text(await admin.get(res.headers.get('location')!));
    expect(page).toContain('Datasets are truncated to 50 rows and 10 columns, and labels to 40 characters.');
    expect(page).toContain('value="Row 49"');
    expect(page).not.toContain('value="Row 50"');
    expect(page).not.toContain('value="Dropped"');
  });
});

describe('moving and removing blocks', () => {
  it('moves a block up and down, and removes one after a confirmation', async () => {
    const first = order(await shopperPage());
    const [a, b] = first;
    const up = await admin.postForm(`${blocksUrl()}/${b}`, { intent: 'up' });
    expect(up.status).toBe(303);
    expect(up.headers.get('location')).toBe(`/config/pages/${encodeURIComponent(pageId)}?blocks=moved#blocks`);
    expect(order(await shopperPage()).slice(0, 2)).toEqual([b, a]);
    await admin.postForm(`${blocksUrl()}/${b}`, { intent: 'down' });
    expect(order(await shopperPage())).toEqual(first);
    // Already at the top: nothing changes.
    await admin.postForm(`${blocksUrl()}/${a}`, { intent: 'up' });
    expect(order(await shopperPage())).toEqual(first);

    const confirm = await text(await admin.get(`${blocksUrl()}/${a}?remove=confirm`));
    expect(confirm).toContain('Remove this image block?');
    const gone = await admin.postForm(`${blocksUrl()}/${a}`, { intent: 'remove' });
    expect(gone.status).toBe(303);
    expect(order(await shopperPage())).toEqual(first.slice(1));
    expect(await text(await admin.get(`/config/pages/${encodeURIComponent(pageId)}?blocks=removed`))).toContain('Block removed.');
    expect((await admin.get(`${blocksUrl()}/${a}`)).status).toBe(404);
  });

  it('edits a saved block and keeps its type', async () => {
    const [first] = order(await shopperPage());
    const res = await admin.postForm(`${blocksUrl()}/${first}`, {
      intent: 'save',
      fileId: files.film,
      url: '',
      title: `Renamed ${run}`,
      caption: 'Now with a caption',
    });
    expect(res.status).toBe(303);
    expect(await text(await admin.get(res.headers.get('location')!))).toContain('Block saved.');
    const html = await shopperPage();
    expect(html).toContain('Now with a caption');
  });
});

describe('the number of blocks', () => {
  it('holds 60 blocks on a page (SPEC 9) and refuses the 61st, saying so', async () => {
    const res = await admin.postForm('/config/pages/new', {
      intent: 'save',
      title: `Many blocks ${run}`,
      urlId: `many-${run}`,
      description: '',
      body: '',
      seoTitle: '',
      seoDescription: '',
      status: 'draft',
      publishAt: '',
    });
    const many = decodeURIComponent(/^\/config\/pages\/([^?]+)\?/.exec(res.headers.get('location') ?? '')![1]);
    const url = `/config/pages/${encodeURIComponent(many)}/blocks/new?type=image`;
    const fields = { fileId: files.red, altText: 'Tile', caption: '', link: '' };
    for (let i = 0; i < 60; i++) expect((await admin.postForm(url, fields)).status, `block ${i + 1}`).toBe(303);
    const over = await admin.postForm(url, fields);
    expect(over.status).toBe(409);
    expect(await text(over)).toContain('A page holds at most 60 blocks.');
    await admin.postForm(`/config/pages/${encodeURIComponent(many)}`, { intent: 'delete' });
  });
});

describe('who may do what', () => {
  it('lets a role with pages.read look but not change, and answers 404 for another page’s block', async () => {
    const readOnly = ROLE_IDS.find((r) => can(r, 'pages.read') && !can(r, 'pages.write'))!;
    const { visitor } = await visitorWithRole(admin, readOnly);
    const [id] = order(await shopperPage());
    const page = await visitor.get(`${blocksUrl()}/${id}`);
    expect(page.status).toBe(200);
    expect(await text(page)).toContain('Your role can look at blocks but not change them.');
    expect((await visitor.postForm(`${blocksUrl()}/${id}`, { intent: 'remove' })).status).toBe(403);
    expect((await visitor.postForm(`${blocksUrl()}/new?type=code`, { language: 'plain', text: 'x' })).status).toBe(403);
    expect((await admin.get(`/config/pages/no-such-page/blocks/${id}`)).status).toBe(404);
    expect((await admin.postForm(`/config/pages/no-such-page/blocks/new?type=code`, { language: 'plain', text: 'x' })).status).toBe(404);
  });

  it('shows the Android notice on the code editor to an Android browser', async () => {
    const code = /<section class="page-block page-block-code" id="block-([a-f0-9]+)"/.exec(await shopperPage())![1];
    const android = await text(
      await admin.get(`${blocksUrl()}/${code}`, {
        'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      }),
    );
    expect(android).toContain('Code editing is not available on Android.');
    expect(android).toMatch(/<textarea[^>]*readOnly=""|<textarea[^>]*readonly=""/);
    const desktop = await text(await admin.get(`${blocksUrl()}/${code}`));
    expect(desktop).not.toContain('Code editing is not available on Android.');
    // The code's hint is tied to its textarea (FieldFrame), as on every owner field.
    expect(desktop).toMatch(/<label for="f-text">Code<\/label><span class="hint" id="f-text-hint">/);
    expect(desktop).toMatch(/<textarea id="f-text"[^>]*aria-describedby="f-text-hint"/);
  });
});
