// Rich text through the built server: HTML an owner saves is sanitised to the toolbar's allowlist,
// so stored XSS (an <img onerror>, <script>, javascript: links in any case, <svg onload>, CSS with
// url(javascript:)) never reaches a shopper's page, while the formatting survives; and HTML stored
// some other way (written straight to the database) is cleaned again on its way to the storefront.
// The assertions are on the HTML itself, so they hold with or without the CSP.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

// Every attack calls a function named pwned...: none of these names may reach a shopper.
const ATTACKS =
  '<p>Before<img src=x onerror=pwnedImg(1)></p>' +
  '<script>pwnedScript(1)</script>' +
  '<p><a href="javascript:pwnedLink(1)">plain</a> <a href="JaVaScRiPt:pwnedMixed(1)">mixed</a> <a href="&#106;avascript:pwnedEntity(1)">entity</a> <a href=" java&#x09;script:pwnedTab(1)">tab</a></p>' +
  '<svg onload="pwnedSvg(1)"><circle r="1"></circle></svg>' +
  '<p style="background:url(javascript:pwnedCss(1))">styled</p>' +
  '<p><span style="color:red;background-image:url(javascript:pwnedBg(1))">red</span></p>' +
  '<iframe src="javascript:pwnedFrame(1)"></iframe><form action="javascript:pwnedForm(1)"><button>go</button></form>' +
  '<a href="data:text/html,pwnedData">data</a><img src="https://tracker.example/pwnedPixel.gif">';

const FORMATTING =
  '<h2>Glaze notes</h2><p style="text-align:center">A <strong>bold</strong> and <em>italic</em> line.</p>' +
  '<ul><li>Shino</li><li>Celadon</li></ul><ol><li data-list="bullet">Tenmoku</li></ol>' +
  '<p><span style="color:rgb(230, 0, 0)">red</span> <span style="background-color:#ffff00">marked</span></p>' +
  '<p><a href="mailto:hello@saltgrass.example?subject=Glazes">write to us</a> <a href="https://example.com" target="_blank">elsewhere</a> <a href="/about">about</a> <a href="tel:+19025550148">call</a></p>';

/** The page's body as the theme printed it (the theme's own icons are SVG: only the body is checked for tags). */
function bodyOf(html: string): string {
  const start = html.indexOf('<h2>Glaze notes</h2>');
  const end = html.indexOf('</main>', start);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

function expectClean(html: string) {
  expect(html).not.toMatch(/pwned/);
  expect(bodyOf(html)).not.toMatch(/javascript:|onerror|onload|<svg|<iframe|<form|<script|url\(|data:/i);
}

describe('rich text an owner saves', () => {
  let admin: Visitor;
  let id = '';
  const slug = `glaze-notes-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    admin = await adminVisitor();
  });
  afterAll(async () => {
    if (id) await admin.postForm(`/config/pages/${encodeURIComponent(id)}`, { intent: 'delete' });
  });

  it('reaches the shopper without any script, keeping the formatting', async () => {
    const res = await admin.postForm('/config/pages/new', {
      intent: 'save',
      title: 'Glaze notes',
      urlId: slug,
      description: '',
      body: FORMATTING + ATTACKS,
      seoTitle: '',
      seoDescription: '',
      status: 'published',
      publishAt: '',
      hidden: 'on',
    });
    expect(res.status).toBe(303);
    id = decodeURIComponent(res.headers.get('location')!.match(/^\/config\/pages\/([^?]+)/)![1]);

    const page = await new Visitor().get(`/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expectClean(html);
    // The formatting, exactly as saved.
    expect(html).toContain(FORMATTING.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">'));
    // What the attacks leave: their text, links without an href, the allowed colour.
    expect(html).toContain('<p>Before</p>');
    expect(html).toContain('<a>plain</a> <a>mixed</a> <a>entity</a> <a>tab</a>');
    expect(html).toContain('<p>styled</p><p><span style="color:red">red</span></p>');

    // The owner's screen shows the stored (clean) HTML in the body field, escaped.
    const edit = await (await admin.get(`/config/pages/${encodeURIComponent(id)}`)).text();
    expect(edit).not.toMatch(/pwned/);
    expect(edit).toContain('&lt;h2&gt;Glaze notes&lt;/h2&gt;');
    // The link editor's choices (the site's pages) travel with the screen's data.
    expect(edit).toContain('"linkChoices":{"pages":[');
    expect(edit).toContain('{"title":"About the studio","path":"/about"}');
  });
});

describe('rich text stored some other way', () => {
  const store = new OwnStore();
  beforeAll(async () => {
    await store.start();
    await store.change(async (sql) => {
      await sql`update collection set body = ${FORMATTING + ATTACKS} where url_id = 'about'`;
    });
  }, scaled(240_000));
  afterAll(async () => {
    await store.dispose();
  });

  it('is sanitised again when the storefront renders it', async () => {
    const res = await new Visitor(() => store.url()).get('/about');
    expect(res.status).toBe(200);
    const html = await res.text();
    expectClean(html);
    expect(html).toContain('<h2>Glaze notes</h2><p style="text-align:center">A <strong>bold</strong>');
    expect(html).toContain('<a href="mailto:hello@saltgrass.example?subject=Glazes">write to us</a>');
  });
});
