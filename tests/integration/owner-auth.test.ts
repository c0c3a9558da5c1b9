// Owner accounts on PGlite and PostgreSQL: argon2 hashes, sign-in through remix-auth's form
// strategy, the slow-down and the lock-out that even the right password cannot pass, invites used once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvite, createInvite, InviteError, pendingInvite } from '../../app/auth/invites.server.js';
import { membershipsOf, upsertOwner } from '../../app/auth/owners.server.js';
import { LOCK_OUT, ownerAuthenticator, SignInError } from '../../app/auth/sign-in.server.js';
import { createLimiter } from '../../app/utils/rate-limit.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

function post(email: string, password: string): Request {
  return new Request('http://localhost/config/sign-in', {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'x-storefront-client-address': `10.9.${Math.floor(Math.random() * 250)}.1`,
    },
  });
}

async function attempt(db: Db, email: string, password: string): Promise<string> {
  try {
    const owner = await ownerAuthenticator(db.sql).authenticate('form', post(email, password));
    return `ok:${owner.email}`;
  } catch (e) {
    if (e instanceof SignInError) return e.message;
    throw e;
  }
}

describe.each(targets)('owner accounts on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ seed: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores an argon2id hash, never the password, and signs in with it', async () => {
    const email = `a-${randomBytes(3).toString('hex')}@example.com`;
    await upsertOwner(db.sql, { email: email.toUpperCase(), password: 'a good long password' });
    const [row] = await db.sql<{ password_hash: string }[]>`select password_hash from owner where email = ${email}`;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('a good long password');
    expect(await attempt(db, email, 'a good long password')).toBe(`ok:${email}`);
    expect(await attempt(db, email, 'a wrong long password')).toBe('The email or password is incorrect.');
  });

  it('locks an email after ten failures, even against the right password; the wait is stated', async () => {
    const email = `b-${randomBytes(3).toString('hex')}@example.com`;
    await upsertOwner(db.sql, { email, password: 'the right password' });
    for (let i = 0; i < 10; i++) {
      // Each round starts after the one-minute slow-down has passed (its count is dropped).
      await db.sql`delete from rate_limit where key = ${`signin-slow:${email}`}`;
      expect(await attempt(db, email, `wrong password ${i}`)).toBe('The email or password is incorrect.');
    }
    await db.sql`delete from rate_limit where key = ${`signin-slow:${email}`}`;
    expect(await attempt(db, email, 'the right password')).toMatch(
      /^This account is locked for 15 minutes after too many failed sign-ins\./,
    );
  });

  it('slows an email down after three failures; a success before that forgives them', async () => {
    const email = `c-${randomBytes(3).toString('hex')}@example.com`;
    await upsertOwner(db.sql, { email, password: 'the right password' });
    await attempt(db, email, 'wrong password 1');
    await attempt(db, email, 'wrong password 2');
    expect(await attempt(db, email, 'the right password')).toBe(`ok:${email}`);
    await attempt(db, email, 'wrong password 3');
    await attempt(db, email, 'wrong password 4');
    await attempt(db, email, 'wrong password 5');
    expect(await attempt(db, email, 'the right password')).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it('checks no more passwords than the lock allows when attempts arrive at once', async () => {
    const email = `e-${randomBytes(3).toString('hex')}@example.com`;
    await upsertOwner(db.sql, { email, password: 'the right password' });
    // Eight failures already this quarter hour (as the sign-in counts them): two attempts are left.
    const lock = createLimiter('signin-lock', LOCK_OUT, db.sql);
    for (let i = 0; i < 8; i++) expect((await lock.consume(email)).ok).toBe(true);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(db, email, `wrong password ${i}`)));
    expect(answers.filter((a) => a === 'The email or password is incorrect.')).toHaveLength(2);
    for (const a of answers.filter((x) => x !== 'The email or password is incorrect.')) {
      expect(a).toMatch(/^(Too many attempts\. Please wait \d+ seconds|This account is locked for 15 minutes)/);
    }
    await db.sql`delete from rate_limit where key = ${`signin-slow:${email}`}`;
    expect(await attempt(db, email, 'the right password')).toMatch(/^This account is locked for 15 minutes/);
  });

  it('ends the sessions of an owner whose password is set anew, and keeps them when it is the same', async () => {
    const email = `f-${randomBytes(3).toString('hex')}@example.com`;
    const { owner, passwordChanged } = await upsertOwner(db.sql, { email, password: 'the first password' });
    expect(passwordChanged).toBe(false);
    const sessions = async () =>
      (await db.sql<{ n: number }[]>`select count(*)::int as n from owner_session where owner_id = ${owner.id}`)[0].n;
    const open = () =>
      db.sql`insert into owner_session (id_hash, owner_id, expires_at)
             values (${randomBytes(16).toString('hex')}, ${owner.id}, now() + interval '1 day')`;
    await open();
    await open();
    const [before] = await db.sql<{ password_hash: string }[]>`select password_hash from owner where id = ${owner.id}`;
    expect(await upsertOwner(db.sql, { email, password: 'the first password' })).toMatchObject({
      passwordChanged: false,
      sessionsEnded: 0,
    });
    expect(await sessions()).toBe(2);
    const [same] = await db.sql<{ password_hash: string }[]>`select password_hash from owner where id = ${owner.id}`;
    expect(same.password_hash).toBe(before.password_hash);
    expect(await upsertOwner(db.sql, { email, password: 'the second password' })).toMatchObject({
      passwordChanged: true,
      sessionsEnded: 2,
    });
    expect(await sessions()).toBe(0);
    expect(await attempt(db, email, 'the second password')).toBe(`ok:${email}`);
  });

  it('uses an invite once and gives its role on its site', async () => {
    const [site] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
    const email = `d-${randomBytes(3).toString('hex')}@example.com`;
    const token = await createInvite(db.sql, { websiteId: site.id, email, roleId: 8, invitedBy: null });
    const [stored] = await db.sql<{ token_hash: string }[]>`select token_hash from owner_invite where email = ${email}`;
    expect(stored.token_hash).not.toBe(token);
    expect((await pendingInvite(db.sql, token))?.roleName).toBe('Store manager');
    const { owner } = await acceptInvite(db.sql, token, { name: 'Sam', password: 'store manager pw' });
    expect(await membershipsOf(db.sql, owner.id)).toEqual([expect.objectContaining({ websiteId: site.id, roleId: 8 })]);
    await expect(acceptInvite(db.sql, token, { name: 'Sam', password: 'store manager pw' })).rejects.toBeInstanceOf(InviteError);
    expect(await pendingInvite(db.sql, token)).toBeNull();
  });
});
