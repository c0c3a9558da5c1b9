// Site users on PGlite and PostgreSQL: the account store (argon2, one account per email and site),
// sign-in with its same-for-both message and per-email limit, server-side sessions stored by hash,
// single-use reset links that end every session, and the anonymous cart merging into the account's.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The outbox and the session secret live in DATA_DIR: a folder of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-site-users-'));
process.env.DATA_DIR = dataDir;

const { createSiteUser, siteUserForSignIn } = await import('../../app/auth/site-user-store.server.js');
const { authenticateSiteUser, startSiteUserSession, SITE_USER_SIGN_IN_TEXT } = await import('../../app/auth/site-user-sign-in.server.js');
const { currentSiteUser } = await import('../../app/auth/site-user-session.server.js');
const { requestPasswordReset, resetPassword, resetTokenIsLive } = await import('../../app/auth/site-user-reset.server.js');
const { mailLanguage } = await import('../../app/languages/email-language.server.js');
const { detachedCopy, mergeCartOnSignIn } = await import('../../app/auth/site-user-cart.server.js');
const { runQueuedJobs, stopJobs } = await import('../../app/utils/jobs.server.js');
const { composedMail } = await import('../../app/utils/mail-queue.server.js');
const { targets } = await import('./support/databases.js');
type Db = Awaited<ReturnType<(typeof targets)[number]['open']>>;

let n = 0;
const email = () => `shopper-${Date.now()}-${n++}@example.com`;
const PASSWORD = 'a long enough password';

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(targets)('site users on $name', (target) => {
  let db: Db;
  let site: string;
  beforeAll(async () => {
    db = await target.open({ seed: true });
    [{ id: site }] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
  });
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('keeps one account per email and site, with an argon2id hash', async () => {
    const e = email();
    const r = await createSiteUser(db.sql, site, { email: e.toUpperCase(), name: ' Ada ', password: PASSWORD });
    expect(r.ok && r.user.email).toBe(e);
    expect(r.ok && r.user.name).toBe('Ada');
    const again = await createSiteUser(db.sql, site, { email: e, name: 'Other', password: PASSWORD });
    expect(again.ok).toBe(false);
    const found = await siteUserForSignIn(db.sql, site, e);
    expect(found?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password and an unknown email alike, and stops an email after five failures', async () => {
    const e = email();
    await createSiteUser(db.sql, site, { email: e, name: 'B', password: PASSWORD });
    const wrong = await authenticateSiteUser(db.sql, site, { email: e, password: 'nope', visitor: '10.1.1.1' });
    const unknown = await authenticateSiteUser(db.sql, site, { email: email(), password: 'nope', visitor: '10.1.1.2' });
    expect(wrong).toEqual({ ok: false, error: SITE_USER_SIGN_IN_TEXT.wrong });
    expect(unknown).toEqual(wrong);
    for (let i = 0; i < 4; i++) await authenticateSiteUser(db.sql, site, { email: e, password: `x${i}`, visitor: `10.1.2.${i}` });
    const locked = await authenticateSiteUser(db.sql, site, { email: e, password: PASSWORD, visitor: '10.1.3.1' });
    expect(locked.ok).toBe(false);
    expect(!locked.ok && locked.retryAfterS).toBeGreaterThan(0);
  });

  it('stores only a hash of the session id, and a reset link works once and ends every session', async () => {
    const e = email();
    const created = await createSiteUser(db.sql, site, { email: e, name: 'C', password: PASSWORD });
    if (!created.ok) throw new Error('not created');
    const { setCookies } = await startSiteUserSession(db.sql, new Request('http://localhost/'), created.user, true);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const [row] = await db.sql<{ id_hash: string }[]>`select id_hash from site_user_session where site_user_id = ${created.user.id}`;
    expect(cookie).not.toContain(row.id_hash);
    const signed = await currentSiteUser(db.sql, new Request('http://localhost/', { headers: { Cookie: cookie } }), site);
    expect(signed?.user.id).toBe(created.user.id);

    const mail = {
      origin: 'http://shop.test',
      siteTitle: 'Shop',
      from: 'shop@example.com',
      languageFor: () => mailLanguage(db.sql, site, []),
    };
    expect(await requestPasswordReset(db.sql, site, email(), mail)).toBeNull();
    // Queued with its link in one transaction (ADR 0026); the worker writes it to the outbox.
    expect(await requestPasswordReset(db.sql, site, e, mail)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await runQueuedJobs(db.sql, composedMail)).toEqual({ ran: 1, failed: 0 });
    const eml = readdirSync(join(dataDir, 'outbox'))
      .map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'))
      .find((t) => t.includes(`To: ${e}`))!;
    const token = /token=([A-Za-z0-9_-]{43})/.exec(eml.replace(/=\r\n/g, '').replace(/=3D/g, '='))![1];
    const [stored] = await db.sql<
      { token_hash: string }[]
    >`select token_hash from site_user_password_reset where site_user_id = ${created.user.id}`;
    expect(stored.token_hash).not.toBe(token);
    expect(await resetTokenIsLive(db.sql, token)).toBe(true);
    expect(await resetPassword(db.sql, token, 'another long password')).toBe(true);
    expect(await resetPassword(db.sql, token, 'a third long password')).toBe(false);
    const [{ count }] = await db.sql<
      { count: number }[]
    >`select count(*)::int as count from site_user_session where site_user_id = ${created.user.id}`;
    expect(count).toBe(0);
    expect((await authenticateSiteUser(db.sql, site, { email: e, password: 'another long password', visitor: '10.1.4.1' })).ok).toBe(true);
  });

  it('merges the anonymous cart into the account cart: same lines add up within stock and 9999, others move', async () => {
    const created = await createSiteUser(db.sql, site, { email: email(), name: 'D', password: PASSWORD });
    if (!created.ok) throw new Error('not created');
    const [limited] = await db.sql<{ id: string; item_id: string }[]>`
      select v.id, v.item_id from variant v where not v.unlimited and v.qty_in_stock >= 5 order by v.id limit 1`;
    const [other] = await db.sql<{ id: string; item_id: string }[]>`
      select v.id, v.item_id from variant v where v.id <> ${limited.id} and (v.unlimited or v.qty_in_stock > 3) order by v.id limit 1`;
    await db.sql`update variant set qty_in_stock = 5 where id = ${limited.id}`;
    const cart = async (owner: string | null, lines: [typeof limited, number][]) => {
      const id = crypto.randomUUID();
      await db.sql`insert into cart (id, website_id, site_user_id) values (${id}, ${site}, ${owner})`;
      for (const [v, q] of lines) {
        await db.sql`insert into cart_entry (id, cart_id, item_id, variant_id, quantity, purchase_price_cents)
                     values (${crypto.randomUUID()}, ${id}, ${v.item_id}, ${v.id}, ${q}, 100)`;
      }
      return id;
    };
    const mine = await cart(created.user.id, [[limited, 3]]);
    const anon = await cart(null, [
      [limited, 4],
      [other, 2],
    ]);
    const result = await mergeCartOnSignIn(db.sql, site, created.user.id, anon, { quantityMax: 9999, limitOf: () => 9999 });
    expect(result).toBe(mine);
    const lines = await db.sql<
      { variant_id: string; quantity: number }[]
    >`select variant_id, quantity from cart_entry where cart_id = ${mine}`;
    expect(Object.fromEntries(lines.map((l) => [l.variant_id, l.quantity]))).toEqual({ [limited.id]: 5, [other.id]: 2 });
    expect(await db.sql`select 1 from cart where id = ${anon}`).toHaveLength(0);

    // A copy for the browser at sign-out has no owner and the same lines.
    const copy = await detachedCopy(db.sql, site, mine);
    const [c] = await db.sql<{ site_user_id: string | null; n: number }[]>`
      select c.site_user_id, (select sum(quantity)::int from cart_entry where cart_id = c.id) as n from cart c where id = ${copy}`;
    expect(c).toEqual({ site_user_id: null, n: 7 });

    // No account cart yet: the browser's cart becomes the account's.
    const fresh = await createSiteUser(db.sql, site, { email: email(), name: 'E', password: PASSWORD });
    if (!fresh.ok) throw new Error('not created');
    const solo = await cart(null, [[other, 1]]);
    expect(await mergeCartOnSignIn(db.sql, site, fresh.user.id, solo, { quantityMax: 9999, limitOf: () => 9999 })).toBe(solo);
    const [owned] = await db.sql<{ site_user_id: string }[]>`select site_user_id from cart where id = ${solo}`;
    expect(owned.site_user_id).toBe(fresh.user.id);
  });
});
