// The one-shot flash (app/utils/flash.server.ts): signed in the session cookie, read once per request
// by kind, small (no big options, no passwords), and dropped when not shown within two minutes.
import { describe, expect, it, vi } from 'vitest';
import { readFlash, redirectWithFlash, setFlash, type FlashKind } from '../../../app/utils/flash.server.js';
import { shopperSession } from '../../../app/utils/session.server.js';

/** A request carrying `cookie` (a Set-Cookie value or nothing). */
const requestWith = (cookie?: string | null) =>
  new Request('http://shop.test/', { headers: cookie ? { Cookie: cookie.split(';')[0] } : {} });

/** The Set-Cookie value of a session holding a flash, as a form post leaves it. */
async function flashCookie<K extends FlashKind>(kind: K, value: Parameters<typeof setFlash<K>>[2]): Promise<string> {
  const session = await shopperSession(requestWith());
  setFlash(session, kind, value);
  return (await session.commit())!;
}

describe('the flash', () => {
  it('round-trips a signed flash, the same to every reader of one request, and refuses a forged one', async () => {
    const typed = { itemId: 'itm-x', quantity: '0', error: 'Quantity must be a whole number' };
    const set = await flashCookie('cart', typed);
    expect(set).toMatch(/^session=/);
    const req = requestWith(set);
    expect(await readFlash(req, 'cart')).toEqual(typed);
    // Asked twice in one request (a loader and the page pipeline), the same flash.
    expect(await readFlash(req, 'cart')).toEqual(typed);
    // The answer commits the session without it: the next request has none.
    const after = await (await shopperSession(req)).commit();
    expect(after).toMatch(/^session=/);
    expect(await readFlash(requestWith(after), 'cart')).toBeNull();
    const stored = { kind: 'cart', at: Date.now(), value: { error: '<b>hi</b>' } };
    const forged = `session=${Buffer.from(JSON.stringify({ __flash_flash__: stored })).toString('base64')}.bad`;
    expect(await readFlash(requestWith(forged), 'cart')).toBeNull();
  });

  it('is read by its kind: a lock screen error is no cart message, and the cart message survives the lock screen asking', async () => {
    const access = requestWith(await flashCookie('access', { scope: 'site', error: 'Wrong password', retryAfterS: 60 }));
    expect(await readFlash(access, 'cart')).toBeNull();
    expect(await readFlash(access, 'access', (f) => f.scope === 'other')).toBeNull();
    expect(await readFlash(access, 'access', (f) => f.scope === 'site')).toEqual({
      scope: 'site',
      error: 'Wrong password',
      retryAfterS: 60,
    });
    const cart = requestWith(await flashCookie('cart', { error: 'Sorry' }));
    expect(await readFlash(cart, 'access')).toBeNull();
    expect(await readFlash(cart, 'cart')).toEqual({ error: 'Sorry' });
  });

  it('keeps the chosen options of a product form, unless they would make the cookie too big', async () => {
    const read = async (options: Record<string, string>) =>
      readFlash(requestWith(await flashCookie('cart', { itemId: 'itm-x', options, error: 'Sorry' })), 'cart');
    const options = { Size: 'L/XL', Color: 'Oat' };
    expect(await read(options)).toEqual({ itemId: 'itm-x', options, error: 'Sorry' });
    const big = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`Option${i}`, 'v'.repeat(120)]));
    expect(await read(big)).toEqual({ itemId: 'itm-x', error: 'Sorry' });
  });

  it('never keeps a typed password of an account form', async () => {
    const set = await flashCookie('account', {
      form: 'sign-up',
      formError: 'Sorry',
      values: { email: 'a@b.test', password: 'hunter22', confirm: 'hunter22' },
    });
    const cookieText = Buffer.from(decodeURIComponent(set.split(';')[0].slice('session='.length)).split('.')[0], 'base64').toString();
    expect(cookieText).toContain('a@b.test');
    expect(cookieText).not.toContain('hunter22');
    const req = requestWith(set);
    expect(await readFlash(req, 'account', (f) => f.form === 'sign-in')).toBeNull();
    expect(await readFlash(req, 'account', (f) => f.form === 'sign-up')).toEqual({
      form: 'sign-up',
      formError: 'Sorry',
      values: { email: 'a@b.test' },
    });
  });

  it('drops a flash not shown within two minutes (still taking it out of the session)', async () => {
    const set = await flashCookie('cart', { error: 'Sorry' });
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3 * 60 * 1000);
    try {
      const req = requestWith(set);
      expect(await readFlash(req, 'cart')).toBeNull();
      expect(await (await shopperSession(req)).commit()).toMatch(/^session=/);
    } finally {
      clock.mockRestore();
    }
  });

  it('goes with a 303 that carries the session', async () => {
    const req = requestWith();
    setFlash(await shopperSession(req), 'access', { scope: 'site', error: 'Enter the password' });
    const res = await redirectWithFlash(req, '/locked');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/locked');
    expect(await readFlash(requestWith(res.headers.get('Set-Cookie')), 'access')).toEqual({ scope: 'site', error: 'Enter the password' });
  });
});
