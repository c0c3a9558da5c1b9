// The access rules of issue 16 on PGlite and PostgreSQL: who may see what (site password, page
// password, signed-in users, free and paid member areas), the rules as stored for the demo, the
// lock opened by the right password only (and remembered as a token that a new password voids),
// wrong passwords rate limited, and joining a free area but not a paid one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLANK_CHECKOUT } from '../../app/commerce/checkout-form.js';

// The session secret lives in DATA_DIR: a folder of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-access-'));
process.env.DATA_DIR = dataDir;

const { decide, unlockToken, SITE_SCOPE } = await import('../../app/access/rules.js');
const { readSiteAccess, lockOf, memberAreasOf } = await import('../../app/access/store.server.js');
const { unlock } = await import('../../app/access/unlock.server.js');
const { grantPaidAreas, joinFreeArea } = await import('../../app/access/membership.server.js');
const { createCartStore } = await import('../../app/commerce/cart.server.js');
const { hashPassword } = await import('../../app/auth/password.server.js');
const { createSiteUser } = await import('../../app/auth/site-user-store.server.js');
const { shopperSession } = await import('../../app/utils/session.server.js');
const { DEMO_LOCK_PASSWORD } = await import('../../db/seed/access.js');
const { targets } = await import('./support/databases.js');
type Db = Awaited<ReturnType<(typeof targets)[number]['open']>>;
type Access = import('../../app/access/rules.js').SiteAccess;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('who may see what (decide)', () => {
  const free = { id: 'a-free', name: 'Club', paid: false, itemId: null };
  const paid = { id: 'a-paid', name: 'Studio', paid: true, itemId: 'itm-x' };
  const access: Access = {
    siteLock: null,
    pages: {
      locked: { kind: 'password', lock: 'L1' },
      users: { kind: 'signed-in' },
      club: { kind: 'members', areaId: free.id },
      studio: { kind: 'members', areaId: paid.id },
    },
    areas: { [free.id]: free, [paid.id]: paid },
  };
  const nobody = { unlocked: new Set<string>(), user: null };
  const user = (areas: string[] = []) => ({ unlocked: new Set<string>(), user: { id: 'su-1', areas: new Set(areas) } });

  it('public pages are open to all and not restricted', () => {
    expect(decide(access, 'about', nobody)).toEqual({ kind: 'open', restricted: false });
    expect(decide(access, null, nobody)).toEqual({ kind: 'open', restricted: false });
  });

  it('a password page is locked until its token is in the session; another lock token does not open it', () => {
    expect(decide(access, 'locked', nobody)).toEqual({ kind: 'locked', scope: 'locked', lock: 'L1' });
    expect(decide(access, 'locked', { unlocked: new Set([unlockToken('locked', 'OLD')]), user: null }).kind).toBe('locked');
    expect(decide(access, 'locked', { unlocked: new Set([unlockToken('locked', 'L1')]), user: null })).toEqual({
      kind: 'open',
      restricted: true,
    });
  });

  it('signed-in pages: 105 for visitors, open to any site user', () => {
    expect(decide(access, 'users', nobody)).toEqual({ kind: 'sign-in', area: null });
    expect(decide(access, 'users', user())).toEqual({ kind: 'open', restricted: true });
  });

  it('a free area: 105 for visitors, 106 for users who are not members, open to members', () => {
    expect(decide(access, 'club', nobody)).toEqual({ kind: 'sign-in', area: free });
    expect(decide(access, 'club', user())).toEqual({ kind: 'denied', area: free });
    expect(decide(access, 'club', user([free.id]))).toEqual({ kind: 'open', restricted: true });
  });

  it('a paid area: the paywall (107) for all but its members', () => {
    expect(decide(access, 'studio', nobody)).toEqual({ kind: 'paywall', area: paid });
    expect(decide(access, 'studio', user([free.id]))).toEqual({ kind: 'paywall', area: paid });
    expect(decide(access, 'studio', user([paid.id]))).toEqual({ kind: 'open', restricted: true });
  });

  it('the site password comes first, on every page (search, cart: no collection), then the page rule', () => {
    const locked = { ...access, siteLock: 'S1' };
    for (const page of [null, 'about', 'users']) expect(decide(locked, page, user()).kind).toBe('locked');
    const opened = { unlocked: new Set([unlockToken(SITE_SCOPE, 'S1')]), user: null };
    expect(decide(locked, 'about', opened)).toEqual({ kind: 'open', restricted: true });
    expect(decide(locked, 'users', opened)).toEqual({ kind: 'sign-in', area: null });
  });
});

describe.each(targets)('access rules on $name', (target) => {
  let db: Db;
  const site = 'saltgrass';
  beforeAll(async () => {
    db = await target.open({ seed: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  const request = (address = '10.0.0.1') =>
    new Request('http://localhost/wholesale', { headers: { 'x-storefront-client-address': address } });

  it("reads the demo's rules: a locked page, a signed-in page, a free and a paid area", async () => {
    const access = await readSiteAccess(db.sql, site);
    expect(access.siteLock).toBeNull();
    expect(access.pages['col-wholesale']).toMatchObject({ kind: 'password' });
    expect(access.pages['col-studio-notes']).toEqual({ kind: 'signed-in' });
    expect(access.pages['col-kiln-club']).toEqual({ kind: 'members', areaId: 'area-kiln-club' });
    expect(access.areas['area-open-studio']).toEqual({
      id: 'area-open-studio',
      name: 'Open Studio',
      paid: true,
      itemId: 'itm-studio-membership',
    });
    expect(access.pages['col-about']).toBeUndefined();
  });

  it('opens a lock with its password only, and remembers a token that a new password voids', async () => {
    const wrongReq = request('10.0.1.1');
    const wrong = await unlock(db.sql, wrongReq, site, { scope: 'col-wholesale', password: 'nope', visitor: '10.0.1.1' });
    expect(wrong).toEqual({ ok: false, error: 'Incorrect password. Please try again.' });
    expect((await shopperSession(wrongReq)).unlocked).toEqual([]);

    const req = request('10.0.1.2');
    expect(await unlock(db.sql, req, site, { scope: 'col-wholesale', password: DEMO_LOCK_PASSWORD, visitor: '10.0.1.2' })).toEqual({
      ok: true,
    });
    const [token] = (await shopperSession(req)).unlocked;
    const before = await readSiteAccess(db.sql, site);
    expect(decide(before, 'col-wholesale', { unlocked: new Set([token]), user: null }).kind).toBe('open');

    // The owner changes the password: the old token opens nothing.
    const [{ password_hash: old }] = await db.sql<{ password_hash: string }[]>`
      select password_hash from page_access where collection_id = 'col-wholesale'`;
    await db.sql`update page_access set password_hash = ${await hashPassword('another password')} where collection_id = 'col-wholesale'`;
    try {
      const after = await readSiteAccess(db.sql, site);
      expect(decide(after, 'col-wholesale', { unlocked: new Set([token]), user: null }).kind).toBe('locked');
    } finally {
      await db.sql`update page_access set password_hash = ${old} where collection_id = 'col-wholesale'`;
    }
    expect(lockOf(old)).toHaveLength(16);
  });

  it('a password for another lock, or a lock that does not exist, opens nothing', async () => {
    for (const scope of ['site', 'col-about', 'col-nope']) {
      const r = await unlock(db.sql, request('10.0.2.1'), site, { scope, password: DEMO_LOCK_PASSWORD, visitor: `10.0.2.${scope.length}` });
      expect(r.ok, scope).toBe(false);
    }
  });

  it('five wrong passwords make the visitor wait, even with the right one', async () => {
    const visitor = '10.0.3.1';
    for (let i = 0; i < 5; i++) await unlock(db.sql, request(visitor), site, { scope: 'col-wholesale', password: `x${i}`, visitor });
    const r = await unlock(db.sql, request(visitor), site, { scope: 'col-wholesale', password: DEMO_LOCK_PASSWORD, visitor });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^Too many attempts\. Please wait 10 minutes and try again\.$/);
    expect(!r.ok && r.retryAfterS).toBeGreaterThan(500);
  });

  it('a site password is read as the site lock', async () => {
    await db.sql`insert into site_lock (website_id, password_hash) values (${site}, ${await hashPassword('open sesame')})`;
    try {
      const access = await readSiteAccess(db.sql, site);
      expect(access.siteLock).toHaveLength(16);
      expect(decide(access, null, { unlocked: new Set(), user: null })).toMatchObject({ kind: 'locked', scope: 'site' });
      const req = request('10.0.4.1');
      expect(await unlock(db.sql, req, site, { scope: 'site', password: 'open sesame', visitor: '10.0.4.1' })).toEqual({ ok: true });
      expect(decide(access, null, { unlocked: new Set((await shopperSession(req)).unlocked), user: null }).kind).toBe('open');
    } finally {
      await db.sql`delete from site_lock where website_id = ${site}`;
    }
  });

  it("placing the order of a paid area's subscription makes the buyer a member; nothing else does", async () => {
    const made = await createSiteUser(db.sql, site, {
      email: `paid-${Date.now()}@example.com`,
      name: 'P',
      password: 'a long enough password',
    });
    if (!made.ok) throw new Error('no user');
    const store = createCartStore(db.sql, { websiteId: site });
    const values = {
      ...BLANK_CHECKOUT,
      email: 'paid@example.com',
      gifts: {},
    };
    const sub = await store.subscribe({ itemId: 'itm-studio-membership', quantity: 1 });
    if (!sub.ok) throw new Error(sub.error);
    const order = await store.checkout(sub.cartId, values);
    if (!order.ok) throw new Error(order.error);
    expect(await grantPaidAreas(db.sql, site, order.order.id, made.user.id)).toEqual(['area-open-studio']);
    // Again: already a member, nothing new.
    expect(await grantPaidAreas(db.sql, site, order.order.id, made.user.id)).toEqual([]);
    // No such order, or another site's id: nothing.
    expect(await grantPaidAreas(db.sql, site, 'no-such-order', made.user.id)).toEqual([]);
    expect(await grantPaidAreas(db.sql, 'other-site', order.order.id, made.user.id)).toEqual([]);
    expect([...(await memberAreasOf(db.sql, made.user.id))]).toEqual(['area-open-studio']);
  });

  it('a site user joins a free area with one click, never a paid one', async () => {
    const made = await createSiteUser(db.sql, site, {
      email: `join-${Date.now()}@example.com`,
      name: 'J',
      password: 'a long enough password',
    });
    if (!made.ok) throw new Error('no user');
    expect(await joinFreeArea(db.sql, site, 'area-open-studio', made.user.id)).toEqual({ ok: false, reason: 'paid' });
    expect(await joinFreeArea(db.sql, site, 'area-nope', made.user.id)).toEqual({ ok: false, reason: 'no-area' });
    expect((await joinFreeArea(db.sql, site, 'area-kiln-club', made.user.id)).ok).toBe(true);
    expect(await joinFreeArea(db.sql, site, 'area-kiln-club', made.user.id)).toMatchObject({ ok: true });
    expect([...(await memberAreasOf(db.sql, made.user.id))]).toEqual(['area-kiln-club']);
  });
});
