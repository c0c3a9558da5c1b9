// Owner-area helpers for the HTTP suite: sign in as the first owner (tests/e2e/serve.mjs sets
// OWNER_EMAIL/OWNER_PASSWORD), and make an owner with any role the way people get one: an admin
// invites them, the email lands in the outbox, and they accept the link with a password.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject, vi } from 'vitest';
import { ROLES } from '../../../app/auth/roles.js';
import { Visitor } from './client.js';
import { scaled } from '../../support/time-scale.js';

export const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };

/** Signs `v` in with email and password; throws unless the server redirects into /config. */
export async function signIn(v: Visitor, email: string, password: string): Promise<void> {
  const res = await v.postForm('/config/sign-in', { email, password, redirectTo: '/config' });
  if (res.status !== 303 || !res.headers.get('location')?.startsWith('/config')) {
    throw new Error(`sign-in as ${email} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
}

/** A visitor signed in as the first owner (administrator of every site). */
export async function adminVisitor(base?: () => string, host?: string): Promise<Visitor> {
  const v = new Visitor(base, host);
  await signIn(v, OWNER.email, OWNER.password);
  return v;
}

/** The invite link sent to `email` (the newest), read from the server's outbox. */
export async function inviteLinkFor(email: string, dataDir: string = inject('dataDir')): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  // The mail queue's worker sends it within a poll or two (a second each).
  return vi.waitFor(
    () => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml') && f.includes('-invite-')) : [];
      for (const f of files.sort().reverse()) {
        const raw = fs.readFileSync(path.join(dir, f), 'utf8');
        if (!raw.includes(`To: ${email}`)) continue;
        const text = raw.replace(/=\r?\n/g, '');
        const m = text.match(/\/config\/invite\/([A-Za-z0-9_-]{20,100})/);
        if (m) return `/config/invite/${m[1]}`;
      }
      throw new Error(`no invite for ${email} in ${dir}`);
    },
    { timeout: scaled(20_000), interval: 100 },
  );
}

/**
 * A signed-in visitor holding `roleId` on the admin's current site: invited by `admin`, accepted
 * with a password. Returns the visitor and the email used.
 */
export async function visitorWithRole(
  admin: Visitor,
  roleId: number,
  opts: { base?: () => string; host?: string; dataDir?: string } = {},
): Promise<{ visitor: Visitor; email: string }> {
  const email = `role${roleId}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await admin.postForm('/config/members', { intent: 'invite', email, roleId: String(roleId) });
  if (res.status !== 200) throw new Error(`invite answered ${res.status}`);
  const link = await inviteLinkFor(email, opts.dataDir);
  const v = new Visitor(opts.base, opts.host);
  const accepted = await v.postForm(link, {
    name: `Role ${roleId}`,
    password: 'a long enough password',
    confirm: 'a long enough password',
  });
  if (accepted.status !== 303)
    throw new Error(`accepting the invite answered ${accepted.status}: ${(await accepted.text()).slice(0, 300)}`);
  return { visitor: v, email };
}

/**
 * Two administrators of the current site signed in at once, for tests of saves that cross (issue
 * 28): the first owner (A) and one A invites (B, whose email the conflict screens name).
 */
export async function twoOwners(): Promise<{ ownerA: Visitor; ownerB: Visitor; emailB: string }> {
  const ownerA = await adminVisitor();
  const { visitor: ownerB, email: emailB } = await visitorWithRole(ownerA, ROLES.admin);
  return { ownerA, ownerB, emailB };
}

/**
 * Whether the audit log (its newest page of `family`: settings, apikey, order...) has a row by
 * `actor` with `action` and `target`. The dashboard shows only the last ten changes of every
 * kind, which tests running at once push out; the filtered log keeps each kind apart.
 */
export async function auditHas(admin: Visitor, family: string, entry: { actor: string; action: string; target: string }): Promise<boolean> {
  const html = (await (await admin.get(`/config/audit?action=${encodeURIComponent(family)}`)).text()).replace(/<!-- -->/g, '');
  const esc = (v: string) =>
    v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
  return html
    .split('<tr')
    .some(
      (r) =>
        r.includes(`<td>${esc(entry.actor)}</td>`) && r.includes(`>${entry.action}</code>`) && r.includes(`<td>${esc(entry.target)}</td>`),
    );
}
