// Query parameters of page routes, Cache-Control by status, strong ETags and the 304 decision.
import { describe, expect, it } from 'vitest';
import {
  cacheControl,
  forwardHeaders,
  notModified,
  pageHeaders,
  parsePage,
  parseSelectedOptions,
  strongEtag,
  variantViewLocation,
} from '../../../app/storefront/http.server.js';
import { etagMatches } from '../../../app/utils/etag.js';

describe('cacheControl', () => {
  it('lets shared caches keep pages briefly and revalidate in the background', () => {
    expect(cacheControl(200)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(cacheControl(404)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  });
  it('never stores errors or bad requests', () => {
    expect(cacheControl(500)).toBe('no-store');
    expect(cacheControl(503)).toBe('no-store');
    expect(cacheControl(400)).toBe('no-store');
  });
  it('keeps personalised pages out of shared caches', () => {
    expect(cacheControl(200, { personalized: true })).toBe('private, no-cache');
  });
});

describe('strongEtag', () => {
  it('is a quoted, stable hash of its parts', () => {
    const a = strongEtag('<p>hi</p>');
    expect(a).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(strongEtag('<p>hi</p>')).toBe(a);
    expect(strongEtag('<p>hi!</p>')).not.toBe(a);
  });
  it('does not confuse different splits of the same text', () => {
    expect(strongEtag('ab', 'c')).not.toBe(strongEtag('a', 'bc'));
  });
});

describe('etagMatches', () => {
  const tag = '"abc"';
  it('matches the exact tag, a list containing it, a weak form of it, and *', () => {
    expect(etagMatches('"abc"', tag)).toBe(true);
    expect(etagMatches('"x", "abc" ', tag)).toBe(true);
    expect(etagMatches('W/"abc"', tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
  });
  it('rejects other tags, a missing header and a missing tag', () => {
    expect(etagMatches('"abd"', tag)).toBe(false);
    expect(etagMatches('abc', tag)).toBe(false);
    expect(etagMatches(null, tag)).toBe(false);
    expect(etagMatches('"abc"', null)).toBe(false);
  });
});

describe('pageHeaders and forwardHeaders', () => {
  it('tags 200 pages only', () => {
    expect(pageHeaders(200, '"t"').get('ETag')).toBe('"t"');
    expect(pageHeaders(404, '"t"').get('ETag')).toBeNull();
    expect(pageHeaders(500, '"t"').get('Cache-Control')).toBe('no-store');
  });
  it('forwards only caching headers to the document', () => {
    const h = new Headers({ 'Cache-Control': 'no-store', ETag: '"t"', 'Set-Cookie': 'a=b', Vary: 'Cookie' });
    const out = forwardHeaders(h);
    expect([...out.keys()].sort()).toEqual(['cache-control', 'etag', 'vary']);
  });
});

describe('notModified', () => {
  const headers = pageHeaders(200, '"t1"');
  const req = (init: RequestInit) => new Request('http://localhost/shop', init);

  it('answers 304 with the caching headers and no body when the tag matches', async () => {
    const res = notModified(req({ headers: { 'If-None-Match': '"t1"' } }), 200, headers);
    expect(res?.status).toBe(304);
    expect(res?.headers.get('ETag')).toBe('"t1"');
    expect(res?.headers.get('Cache-Control')).toContain('max-age=0, s-maxage=60');
    expect(await res?.text()).toBe('');
  });
  it('sends the full page when the tag differs, is absent, or the page is not a 200', () => {
    expect(notModified(req({ headers: { 'If-None-Match': '"t0"' } }), 200, headers)).toBeNull();
    expect(notModified(req({}), 200, headers)).toBeNull();
    expect(notModified(req({ headers: { 'If-None-Match': '"t1"' } }), 404, headers)).toBeNull();
  });
  it('only applies to safe methods', () => {
    expect(notModified(req({ method: 'POST', headers: { 'If-None-Match': '"t1"' } }), 200, headers)).toBeNull();
    expect(notModified(req({ method: 'HEAD', headers: { 'If-None-Match': '"t1"' } }), 200, headers)?.status).toBe(304);
  });
});

describe('query parameters', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('parsePage: absent, a valid number, or null for anything else', () => {
    expect(parsePage(q(''))).toBeUndefined();
    expect(parsePage(q('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'page=10001']) expect(parsePage(q(bad)), bad).toBeNull();
  });

  it('parseSelectedOptions keeps plausible option pairs only', () => {
    expect(parseSelectedOptions(q('Size=10+in&Color=Sea+Glass&page=2'))).toEqual({ Size: '10 in', Color: 'Sea Glass' });
    expect(parseSelectedOptions(q('Size=&Color=Ink'))).toEqual({ Color: 'Ink' });
    expect(parseSelectedOptions(q(`${'k'.repeat(65)}=v&Size=${'x'.repeat(129)}`))).toEqual({});
    const many = new URLSearchParams(Array.from({ length: 30 }, (_, i) => [`o${i}`, 'v']));
    expect(Object.keys(parseSelectedOptions(many))).toHaveLength(20);
  });

  it('variantViewLocation turns the add form sent as a GET into the clean address of that choice', () => {
    const u = (s: string) => new URL(`http://shop.test/shop/p/apron${s}`);
    expect(
      variantViewLocation(u('?intent=add&itemId=itm-a&returnTo=%2Fshop%2Fp%2Fapron&option.Size=L%2FXL&option.Color=Oat&quantity=2')),
    ).toBe('/shop/p/apron?Size=L%2FXL&Color=Oat');
    expect(variantViewLocation(u('?option.Size=&option.Color=Oat'))).toBe('/shop/p/apron?Color=Oat');
    expect(variantViewLocation(u('?option.Size='))).toBe('/shop/p/apron');
    // A page's own address is left alone.
    expect(variantViewLocation(u('?Size=L%2FXL'))).toBeNull();
    expect(variantViewLocation(u(''))).toBeNull();
  });
});
