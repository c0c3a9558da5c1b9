// The rich-text rules: the link editor's targets, texts and hrefs (app/edits/rich-text-links.ts),
// and the sanitiser's allowlist (app/edits/sanitize.server.ts) that matches the toolbar.
import { describe, expect, it } from 'vitest';
import {
  buildLink,
  EMPTY_DRAFT,
  isAllowedHref,
  LINK_TEXT,
  parseHref,
  webAddress,
  type LinkDraft,
} from '../../../app/edits/rich-text-links.js';
import { sanitizeOwnerHtml, sanitizeStoredHtml } from '../../../app/edits/sanitize.server.js';

const choices = {
  pages: [{ title: 'About the studio', path: '/about' }],
  files: [{ name: 'price-list.pdf', path: '/files/f1/price-list.pdf' }],
};
const draft = (d: Partial<LinkDraft>): LinkDraft => ({ ...EMPTY_DRAFT, ...d });

describe('link editor', () => {
  it('links a page of the site, and refuses one that is not', () => {
    expect(buildLink(draft({ kind: 'page', page: '/about' }), choices)).toEqual({
      ok: true,
      href: '/about',
      text: 'About the studio',
      newWindow: false,
    });
    expect(buildLink(draft({ kind: 'page', page: 'javascript:alert(1)' }), choices)).toEqual({
      ok: false,
      errors: { page: 'javascript:alert(1) is not a valid page URL' },
    });
    expect(buildLink(draft({ kind: 'page', page: '/nowhere' }), choices)).toEqual({
      ok: false,
      errors: { page: LINK_TEXT.page('/nowhere') },
    });
    expect(buildLink(draft({ kind: 'page' }), choices)).toEqual({ ok: false, errors: { page: LINK_TEXT.choosePage } });
  });

  it('takes a web address with or without its scheme', () => {
    expect(webAddress('example.com')).toBe('https://example.com');
    expect(webAddress('http://example.com:8080/a?b=1#c')).toBe('http://example.com:8080/a?b=1#c');
    for (const bad of [
      '',
      'not a url',
      'javascript:alert(1)',
      'ftp://example.com',
      'https://',
      'example',
      'https://u:p@example.com',
      'http://example.com:0',
    ]) {
      expect(webAddress(bad), bad).toBeNull();
    }
    const r = buildLink(draft({ kind: 'url', url: 'example.com', text: 'Example', newWindow: true }), choices);
    expect(r).toEqual({ ok: true, href: 'https://example.com', text: 'Example', newWindow: true });
    expect(buildLink(draft({ kind: 'url', url: 'nope' }), choices)).toEqual({
      ok: false,
      errors: { url: 'Links must be formatted as example.com or https://example.com' },
    });
  });

  it('builds a mailto: link with subject, CC, BCC and body, and checks every address', () => {
    const r = buildLink(
      draft({
        kind: 'email',
        email: 'hello@saltgrass.example',
        subject: 'Kiln & glaze?',
        cc: 'a@x.example, b@x.example',
        bcc: 'c@x.example',
        body: 'Hi\nthere',
      }),
      choices,
    );
    expect(r).toEqual({
      ok: true,
      href: 'mailto:hello@saltgrass.example?subject=Kiln%20%26%20glaze%3F&cc=a%40x.example%2Cb%40x.example&bcc=c%40x.example&body=Hi%0Athere',
      text: 'hello@saltgrass.example',
      newWindow: false,
    });
    expect(buildLink(draft({ kind: 'email', email: 'hello', cc: 'x@y.example, nope' }), choices)).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email', cc: 'Emails must be formatted as name@example.com' },
    });
    // Read back into the dialog as it was written.
    if (!r.ok) throw new Error('expected a link');
    expect(parseHref(r.href)).toMatchObject({
      kind: 'email',
      email: 'hello@saltgrass.example',
      subject: 'Kiln & glaze?',
      cc: 'a@x.example,b@x.example',
      bcc: 'c@x.example',
      body: 'Hi\nthere',
    });
  });

  it('links a phone number and a file from the file manager', () => {
    expect(buildLink(draft({ kind: 'phone', phone: '+1 902 555-0148' }), choices)).toMatchObject({ ok: true, href: 'tel:+19025550148' });
    expect(buildLink(draft({ kind: 'phone', phone: 'call me' }), choices)).toEqual({ ok: false, errors: { phone: LINK_TEXT.phone } });
    expect(buildLink(draft({ kind: 'file', file: '/files/f1/price-list.pdf' }), choices)).toMatchObject({
      ok: true,
      text: 'price-list.pdf',
    });
    expect(buildLink(draft({ kind: 'file', file: '/files/zz/other.pdf' }), choices)).toEqual({
      ok: false,
      errors: { file: '/files/zz/other.pdf is not one of the expected options' },
    });
    expect(parseHref('tel:+19025550148')).toMatchObject({ kind: 'phone', phone: '+19025550148' });
    expect(parseHref('/files/f1/price-list.pdf')).toMatchObject({ kind: 'file' });
    expect(parseHref('/about')).toMatchObject({ kind: 'page', page: '/about' });
    expect(parseHref('https://example.com')).toMatchObject({ kind: 'url', url: 'https://example.com' });
  });

  it('allows only the hrefs the editor builds', () => {
    for (const ok of [
      '/about',
      '/files/f1/a.pdf?x=1#y',
      '#top',
      'https://example.com/a',
      'http://example.com',
      'mailto:a@b.example?subject=Hi',
      'mailto:',
      'tel:+19025550148',
    ]) {
      expect(isAllowedHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'about',
      'https://',
      'mailto:not-an-address',
      'mailto:a@b.example"onmouseover="x',
      'tel:javascript',
    ]) {
      expect(isAllowedHref(bad), bad).toBe(false);
    }
  });
});

describe('sanitiser allowlist', () => {
  it("keeps what Quill's toolbar writes", () => {
    const html =
      '<h2>Title</h2><h3 style="text-align:center">Sub</h3><p><strong>bold</strong> <em>it</em> <a href="/about" title="t">link</a></p>' +
      '<ol><li data-list="bullet">one</li><li data-list="ordered">two</li></ol><ul><li>three</li></ul>' +
      '<p class="ql-align-right ql-indent-1"><span style="color:rgb(230, 0, 0);background-color:#ffff00">colour</span><br /></p>' +
      '<p><a href="mailto:a@b.example?subject=Hi%20there">mail</a> <a href="tel:+1902">call</a> <img src="/files/f1/a.png" alt="A" /></p>';
    expect(sanitizeOwnerHtml(html)).toBe(html);
  });

  it('drops scripts, handlers, SVG, foreign images, bad hrefs and unsafe CSS', () => {
    const out = sanitizeOwnerHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>' +
        '<iframe src="https://evil.example"></iframe><style>body{}</style><a href="JaVaScRiPt:alert(1)">y</a>' +
        '<a href="&#106;avascript:alert(1)">z</a><svg onload="alert(1)"><circle /></svg><math><mi>x</mi></math>' +
        '<p style="background:url(javascript:alert(1));position:fixed;color:expression(alert(1))">s</p>' +
        '<img src="https://tracker.example/p.gif"><img src="data:image/png;base64,AAAA"><div class="evil">d</div><table><tr><td>t</td></tr></table>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript|iframe|svg|math|style=|alert|url\(|<img|evil|<div|<table/i);
    expect(out).toBe('<p>Hi</p><a>x</a><a>y</a><a>z</a><p>s</p>dt');
  });

  it('guards new windows and takes only _blank as a target', () => {
    expect(sanitizeOwnerHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeOwnerHtml('<a href="/a" target="_top" rel="opener">x</a>')).toBe('<a href="/a">x</a>');
  });

  it('gives the storefront the same result, remembered', () => {
    const dirty = '<p>ok</p><script>alert(1)</script>';
    expect(sanitizeStoredHtml(dirty)).toBe('<p>ok</p>');
    expect(sanitizeStoredHtml(dirty)).toBe('<p>ok</p>');
    expect(sanitizeStoredHtml('')).toBe('');
  });
});

describe('stored pages of the starting themes', () => {
  it('keep their structure, anchors and classes; ids that could clobber a global go', () => {
    const html =
      '<article class="entry" id="a-spine-that-would-not-sit-flat"><h2>A spine</h2><p class="entry-date"><time datetime="2025-03-14">14 March 2025</time></p>' +
      '<blockquote><p>Words</p><cite>Ada</cite></blockquote></article><ul class="note-list"><li>x</li></ul>';
    expect(sanitizeOwnerHtml(html)).toBe(html);
    expect(sanitizeOwnerHtml('<article id="cart"><h2 id="forms" class="x y">t</h2></article><p class="a&quot;b">c</p>')).toBe(
      '<article><h2 class="x y">t</h2></article><p>c</p>',
    );
  });
});
