// The visitor cookies (SPEC 5, 6, 9): ss_cvr's format and validation, a hit's new visit after 30
// minutes, the Set-Cookie lines (readable, Lax, lifetimes), and the restrictive policy's clearing.
import { describe, expect, it } from 'vitest';
import {
  advanceHit,
  clearAnalyticsCookies,
  formatVisitor,
  parseSession,
  parseVisitor,
  randomId,
  visitorSetCookies,
} from '../../../app/analytics/visitor-cookies.js';

const T0 = 1_700_000_000_000;

describe('ss_cvr', () => {
  it('reads an id then four positive integers, and writes them back the same', () => {
    const v = parseVisitor(`abc_DEF-1|${T0}|${T0 + 1}|${T0 + 2}|3`);
    expect(v).toEqual({ id: 'abc_DEF-1', first: T0, previous: T0 + 1, current: T0 + 2, count: 3 });
    expect(formatVisitor(v!)).toBe(`abc_DEF-1|${T0}|${T0 + 1}|${T0 + 2}|3`);
    expect(parseVisitor(encodeURIComponent(formatVisitor(v!)))).toEqual(v);
  });

  it.each([
    ['', 'empty'],
    [`abc|${T0}|${T0}|${T0}`, 'three numbers'],
    [`abc|${T0}|${T0}|${T0}|1|2`, 'five numbers'],
    [`abc|0|${T0}|${T0}|1`, 'a zero'],
    [`abc|-5|${T0}|${T0}|1`, 'a negative'],
    [`abc|1.5|${T0}|${T0}|1`, 'a fraction'],
    [`|${T0}|${T0}|${T0}|1`, 'no id'],
    [`a b|${T0}|${T0}|${T0}|1`, 'an id with a space'],
    [`abc|${T0}|${T0}|${T0}|99999999999999999999`, 'a number past the safe range'],
  ])('refuses %s (%s)', (raw) => {
    expect(parseVisitor(raw)).toBeNull();
  });

  it('ss_cvt is a positive integer', () => {
    expect(parseSession(String(T0))).toBe(T0);
    expect(parseSession('0')).toBeNull();
    expect(parseSession('x')).toBeNull();
    expect(parseSession(undefined)).toBeNull();
  });
});

describe('a hit', () => {
  it('gives a new visitor a new id, first = previous = current = now, count 1', () => {
    const h = advanceHit(null, null, T0, () => 'newid');
    expect(h).toEqual({ visitor: { id: 'newid', first: T0, previous: T0, current: T0, count: 1 }, newVisit: true, session: T0 });
  });

  it('stays in the visit within 30 minutes of the last hit, and starts a new one after', () => {
    const v = { id: 'v', first: T0, previous: T0, current: T0, count: 1 };
    const same = advanceHit(v, T0, T0 + 29 * 60_000);
    expect(same.newVisit).toBe(false);
    expect(same.visitor).toEqual(v);
    expect(same.session).toBe(T0 + 29 * 60_000);
    const later = advanceHit(v, T0, T0 + 30 * 60_000);
    expect(later.newVisit).toBe(true);
    expect(later.visitor).toEqual({ id: 'v', first: T0, previous: T0, current: T0 + 30 * 60_000, count: 2 });
    // No session cookie at all: a new visit too.
    expect(advanceHit(v, null, T0 + 1000).visitor.count).toBe(2);
  });

  it('sets readable, Lax cookies with the SPEC 9 lifetimes; Secure only when asked', () => {
    const h = advanceHit(null, null, T0, () => 'vid');
    const lines = visitorSetCookies(h, 'aid', false);
    expect(lines).toEqual([
      `ss_cvr=vid%7C${T0}%7C${T0}%7C${T0}%7C1; Path=/; Max-Age=63072000; SameSite=Lax`,
      `ss_cvt=${T0}; Path=/; Max-Age=1800; SameSite=Lax`,
      'ss_cid=aid; Path=/; Max-Age=33696000; SameSite=Lax',
    ]);
    expect(lines.join()).not.toMatch(/HttpOnly/i);
    expect(visitorSetCookies(h, 'aid', true).every((l) => l.endsWith('; Secure'))).toBe(true);
  });

  it('a restrictive policy clears the five analytics cookies', () => {
    expect(clearAnalyticsCookies(false).map((l) => l.split('=')[0])).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    expect(clearAnalyticsCookies(false).every((l) => l.includes('Max-Age=0'))).toBe(true);
  });

  it('random ids are 21 url-safe characters', () => {
    expect(randomId()).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(randomId()).not.toBe(randomId());
  });
});

describe('the ingest answers', () => {
  it('503 with Retry-After: 1 and a JSON error when the queue is full; 202 {} with cookies; 204', async () => {
    const { outcomeAnswer } = await import('../../../app/analytics/answers.server.js');
    const full = outcomeAnswer({ status: 503, cookies: ['a=1'] });
    expect(full.status).toBe(503);
    expect(full.headers.get('Retry-After')).toBe('1');
    expect(await full.json()).toMatchObject({ error: expect.any(String) });
    expect(full.headers.getSetCookie()).toEqual([]);
    const ok = outcomeAnswer({ status: 202, cookies: ['a=1', 'b=2'] });
    expect(ok.status).toBe(202);
    expect(await ok.text()).toBe('{}');
    expect(ok.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(outcomeAnswer({ status: 204, cookies: [] }).status).toBe(204);
  });
});
