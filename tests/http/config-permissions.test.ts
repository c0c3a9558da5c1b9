// Every /config route module refuses an anonymous visitor (sent to sign in) and a role without the
// right (403), in its loader and its action, through the built server. The cases live in
// tests/http/config-routes/*.ts; a route module with no case fails this test, so none is forgotten.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, ROLE_IDS, type Permission } from '../../app/auth/roles.js';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import type { RouteCase } from './config-routes/types.js';

// Reached without signing in, by design: signing in, signing out, accepting an invite.
const PUBLIC = new Set(['config_.sign-in.tsx', 'config_.sign-out.tsx', 'config_.invite.$token.tsx']);

const casesDir = path.join(__dirname, 'config-routes');
const CASES: RouteCase[] = [];
for (const f of fs.readdirSync(casesDir).filter((f) => f.endsWith('.ts') && f !== 'types.ts')) {
  CASES.push(...((await import(path.join(casesDir, f))) as { default: RouteCase[] }).default);
}

const routeFiles = fs
  .readdirSync(path.join(__dirname, '../../app/routes'))
  .filter((f) => /^config[._]/.test(f) || /^config\.tsx?$/.test(f));

/** A role that may open /config at all but lacks `p` (or, for site.read itself, the "none" role). */
function roleWithout(p: Permission): number {
  if (p === 'site.read') return 14;
  const r = ROLE_IDS.find((id) => can(id, 'site.read') && !can(id, p));
  if (r === undefined) throw new Error(`every role has ${p}`);
  return r;
}

const visitors = new Map<number, Visitor>();
let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});
async function asRole(role: number): Promise<Visitor> {
  let v = visitors.get(role);
  if (!v) {
    if (role === 14) {
      // "No access" cannot be invited: an owner without any site stands for it.
      const { visitor, email } = await visitorWithRole(admin, 10);
      const members = await (await admin.get('/config/members')).text();
      const ownerId = members.match(
        new RegExp(`name="ownerId" value="([^"]+)"/><input type="hidden" name="email" value="${email.replace(/[.]/g, '\\.')}"`),
      )?.[1];
      if (!ownerId) throw new Error('member row not found');
      await admin.postForm('/config/members', { intent: 'remove', ownerId, email });
      v = visitor;
    } else v = (await visitorWithRole(admin, role)).visitor;
    visitors.set(role, v);
  }
  return v;
}

describe('every /config route checks the permission on the server', () => {
  it('has a case for every /config route module', () => {
    const covered = new Set(CASES.map((c) => c.file));
    const missing = routeFiles.filter((f) => !PUBLIC.has(f) && !covered.has(f));
    expect(missing, 'add these to tests/http/config-routes/').toEqual([]);
    expect(routeFiles.length).toBeGreaterThan(4);
  });

  for (const c of CASES) {
    describe(c.file, () => {
      if (c.loader) {
        const perm = c.loader;
        it(`GET ${c.path}: anonymous is sent to sign in; ${perm === 'signed-in' ? 'any owner gets in' : `a role without ${perm} gets 403; one with it gets in`}`, async () => {
          const anon = await new Visitor().get(c.path);
          expect(anon.status).toBe(302);
          expect(anon.headers.get('location')).toMatch(/^\/config\/sign-in\?redirectTo=/);
          if (perm !== 'signed-in') {
            const refused = await (await asRole(roleWithout(perm))).get(c.path);
            expect(refused.status).toBe(403);
          }
          const allowed = await admin.get(c.path);
          expect([200, 302, 303, 404]).toContain(allowed.status);
        });
      }
      if (c.action) {
        const perm = c.action;
        it(`POST ${c.path}: anonymous is sent to sign in${perm === 'signed-in' ? '' : `; a role without ${perm} gets 403`}`, async () => {
          const anon = await new Visitor().postForm(c.path, c.body ?? {});
          expect([302, 303]).toContain(anon.status);
          expect(anon.headers.get('location')).toMatch(/^\/config\/sign-in/);
          if (perm === 'signed-in') return;
          const refused = await (await asRole(roleWithout(perm))).postForm(c.path, c.body ?? {});
          expect(refused.status).toBe(403);
        });
      }
    });
  }
});
