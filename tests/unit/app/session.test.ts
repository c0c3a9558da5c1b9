// The shopper's session cookie (app/utils/session.server.ts): one signed cookie for the cart id,
// the subscription cart and the flash; committed only when something changed; a cookie signed with
// another secret or tampered with reads as no session.
import { createCookieSessionStorage } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { env } from '../../../app/utils/env.server.js';
import { getCartId, SESSION_COOKIE, shopperSession } from '../../../app/utils/session.server.js';

const CART = '00000000-0000-4000-8000-000000000001';
const SUB = '00000000-0000-4000-8000-000000000002';
const req = (cookie?: string | null) => new Request('http://shop.test/', { headers: cookie ? { Cookie: cookie.split(';')[0] } : {} });

async function sessionCookie(change: (s: Awaited<ReturnType<typeof shopperSession>>) => void): Promise<string> {
  const s = await shopperSession(req());
  change(s);
  return (await s.commit())!;
}

describe('shopperSession', () => {
  it('is empty without a cookie and sends nothing back when nothing changed', async () => {
    const s = await shopperSession(req());
    expect(s.cartId).toBeNull();
    expect(s.subscriptionCartId).toBeNull();
    expect(s.takeFlash()).toBeUndefined();
    expect(await s.commit()).toBeNull();
  });

  it('is read once per request', async () => {
    const r = req();
    expect(shopperSession(r)).toBe(shopperSession(r));
  });

  it('carries the cart and the subscription cart in one signed, HttpOnly, Lax cookie that lives as long as a cart', async () => {
    const set = await sessionCookie((s) => {
      s.setCartId(CART);
      s.setSubscriptionCartId(SUB);
    });
    expect(set.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(set).toMatch(/; Path=\//);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    // The cart cookie used to live 14 days whatever CART_TTL_DAYS said: the session lives as long as the cart.
    expect(set).toContain(`; Max-Age=${env().cartTtlDays * 24 * 60 * 60}`);
    const again = await shopperSession(req(set));
    expect(again.cartId).toBe(CART);
    expect(again.subscriptionCartId).toBe(SUB);
    expect(await again.commit()).toBeNull();
    expect(await getCartId(req(set))).toBe(CART);
  });

  it('keeps a flash for the next request only', async () => {
    const set = await sessionCookie((s) => {
      s.setCartId(CART);
      s.flash({ error: 'Sorry' });
    });
    const next = await shopperSession(req(set));
    expect(next.takeFlash()).toEqual({ error: 'Sorry' });
    expect(next.takeFlash()).toBeUndefined();
    const after = await next.commit();
    expect(after).not.toBeNull();
    const third = await shopperSession(req(after));
    expect(third.takeFlash()).toBeUndefined();
    expect(third.cartId).toBe(CART);
  });

  it('ignores a cookie signed with another secret, tampered with, or holding no cart id', async () => {
    const other = createCookieSessionStorage({ cookie: { name: SESSION_COOKIE, secrets: ['x'.repeat(40)] } });
    const foreign = await other.getSession();
    foreign.set('cartId', CART);
    expect(await getCartId(req(await other.commitSession(foreign)))).toBeNull();

    const good = await sessionCookie((s) => s.setCartId(CART));
    const value = good.split(';')[0];
    expect(await getCartId(req(`${value.slice(0, -4)}AAAA`))).toBeNull();
    expect(await getCartId(req(`${SESSION_COOKIE}=garbage`))).toBeNull();

    // Read once and kept (the verified-value cache): the good value still verifies, a forged one beside it still does not.
    expect(await getCartId(req(value))).toBe(CART);
    expect(await getCartId(req(`${value.slice(0, -4)}AAAA`))).toBeNull();

    const mine = createCookieSessionStorage({ cookie: { name: SESSION_COOKIE, secrets: env().sessionSecrets } });
    const odd = await mine.getSession();
    odd.set('cartId', '../../etc');
    expect(await getCartId(req(await mine.commitSession(odd)))).toBeNull();
  });

  it('gives every request its own session over a cookie read before: what one request takes or changes, the next does not see', async () => {
    const set = await sessionCookie((s) => {
      s.setCartId(CART);
      s.flash({ error: 'Sorry' });
      s.addUnlocked('lock-1');
    });
    const first = await shopperSession(req(set));
    expect(first.takeFlash()).toEqual({ error: 'Sorry' });
    first.clearCartId();
    first.addUnlocked('lock-2');
    // The same cookie sent again (another tab, a replay): the data it carries, untouched by the first request.
    const second = await shopperSession(req(set));
    expect(second.cartId).toBe(CART);
    expect(second.unlocked).toEqual(['lock-1']);
    expect(second.takeFlash()).toEqual({ error: 'Sorry' });
  });
});
