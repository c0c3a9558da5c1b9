// The role matrix through the built server, generated from app/auth/roles.ts: every /config route
// module (tests/http/config-routes/*.ts has one case each; a module without one fails) and every
// intent of its action, and every owner JSON API, as every role of ROLE_IDS and as nobody. Loaders
// as a page and as `?_data=` JSON; actions as a plain form post (JavaScript off) and as the
// fetcher's `?_data=` post (on). A role with the permission gets in (not 401/403), one without
// gets 403, nobody is sent to sign in (401 from the API), and refused posts change nothing.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, permissionsOf, ROLE_IDS, ROLE_NAMES, type Permission } from '../../app/auth/roles.js';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { API_CASES } from './config-routes/owner-api.js';
import type { ApiCase, RouteCase } from './config-routes/types.js';

// Reached without signing in, by design: signing in, signing out, accepting an invite.
const PUBLIC = new Set(['config_.sign-in.tsx', 'config_.sign-out.tsx', 'config_.invite.$token.tsx']);
const ROUTES_DIR = path.join(__dirname, '../../app/routes');
const NONE = 14;

const casesDir = path.join(__dirname, 'config-routes');
const CASES: RouteCase[] = [];
for (const f of fs.readdirSync(casesDir).filter((f) => f.endsWith('.ts') && f !== 'types.ts' && f !== 'owner-api.ts')) {
  CASES.push(...((await import(path.join(casesDir, f))) as { default: RouteCase[] }).default);
}

const routeFiles = fs.readdirSync(ROUTES_DIR).filter((f) => /^config[._]/.test(f) || /^config\.tsx?$/.test(f));

/** Remix's id of a route module: what `?_data=` names. */
const routeId = (file: string) => `routes/${file.replace(/\.tsx?$/, '')}`;
const withData = (p: string, file: string) => `${p}${p.includes('?') ? '&' : '?'}_data=${encodeURIComponent(routeId(file))}`;

/** The intents a route's action takes, read from its source (buttons and branches), plus the case's own. */
function intentsOf(c: RouteCase): string[] {
  const src = fs.readFileSync(path.join(ROUTES_DIR, c.file), 'utf8');
  const found = new Set<string>(c.intents ?? []);
  for (const m of src.matchAll(/name="intent" value="([\w-]+)"/g)) found.add(m[1]);
  for (const m of src.matchAll(/intent(?:'\))? [!=]== '([\w-]+)'/g)) found.add(m[1]);
  if (c.body?.intent) found.add(c.body.intent);
  return [...found].sort();
}

/** Whether `role` may do what `need` names ('signed-in': any owner, even one of no site). */
const allows = (role: number, need: Permission | 'signed-in') => (need === 'signed-in' ? true : can(role, need));

/**
 * One role for each distinct set of permissions (and "none"). The server decides by the set alone
 * (the first test proves no code asks a role id), so the costly requests (whole pages, every
 * intent) go once per set; the cheap ones (each loader's JSON, each action's default post) go as
 * every role id.
 */
const REPRESENTATIVES = ROLE_IDS.filter(
  (r, i) => ROLE_IDS.findIndex((o) => permissionsOf(o).join() === permissionsOf(r).join() && (o === NONE) === (r === NONE)) === i,
);

/** Runs `jobs` with at most `n` at a time: the server is shared by two cores, so a few at once. */
async function pool<T>(n: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]();
      }
    }),
  );
  return out;
}

const visitors = new Map<number, Visitor>();
let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
  // One sign-in per role, all at once. "No access" cannot be invited: an owner removed from the
  // site (so of no site at all) stands for it.
  await Promise.all(
    ROLE_IDS.map(async (role) => {
      const { visitor, email } = await visitorWithRole(admin, role === NONE ? 10 : role);
      visitors.set(role, visitor);
      if (role !== NONE) return;
      const members = await (await admin.get('/config/members')).text();
      const ownerId = members.match(
        new RegExp(`name="ownerId" value="([^"]+)"/><input type="hidden" name="email" value="${email.replace(/[.]/g, '\\.')}"`),
      )?.[1];
      if (!ownerId) throw new Error('member row not found');
      await admin.postForm('/config/members', { intent: 'remove', ownerId, email });
    }),
  );
});
const as = (role: number) => visitors.get(role)!;
const who = (role: number) => `${ROLE_NAMES[role as keyof typeof ROLE_NAMES]} (${role})`;

/** What the admin's loader answers for a case: compared before and after the refused posts. */
async function snapshot(c: RouteCase): Promise<string> {
  const res = await admin.get(withData(c.path, c.file));
  return `${res.status} ${await res.text()}`;
}

describe('the role matrix, for every route and every role', () => {
  it('has a case for every /config route module and every owner JSON API module', () => {
    const covered = new Set(CASES.map((c) => c.file));
    const missing = routeFiles.filter((f) => !PUBLIC.has(f) && !covered.has(f));
    expect(missing, 'add these to tests/http/config-routes/').toEqual([]);
    expect(routeFiles.length).toBeGreaterThan(4);
    const apiFiles = fs
      .readdirSync(ROUTES_DIR)
      .filter((f) => f.startsWith('api.') && fs.readFileSync(path.join(ROUTES_DIR, f), 'utf8').includes('requireApiAccess('));
    const apiCovered = new Set(API_CASES.map((c) => c.file));
    expect(
      apiFiles.filter((f) => !apiCovered.has(f)),
      'add these to tests/http/config-routes/owner-api.ts',
    ).toEqual([]);
  });

  it('finds no code that decides by role id rather than by the matrix (so one role per permission set stands for the others)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && /roleId\s*[!=]==?\s*\d|\d\s*[!=]==?\s*\w*\.?roleId\b/.test(fs.readFileSync(p, 'utf8')))
          offenders.push(p);
      }
    };
    walk(path.join(__dirname, '../../app'));
    // Invites refuse "none" (14) by id: that is which role may be given, not what a role may do.
    expect(offenders.map((p) => path.relative(path.join(__dirname, '../..'), p))).toEqual(['app/auth/invites.server.ts']);
    expect(REPRESENTATIVES.length).toBeGreaterThan(5);
  });

  it('sends nobody to sign in: pages, ?_data=, form posts and fetcher posts; the API answers 401', async () => {
    const anon = new Visitor();
    const wrong: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    for (const c of CASES) {
      if (c.loader) {
        jobs.push(async () => {
          const page = await anon.get(c.path);
          if (page.status !== 302 || !page.headers.get('location')?.startsWith('/config/sign-in?redirectTo='))
            wrong.push(`GET ${c.path}: ${page.status}`);
          const data = await anon.get(withData(c.path, c.file));
          if (data.status !== 204 || !data.headers.get('x-remix-redirect')?.startsWith('/config/sign-in'))
            wrong.push(`GET ${c.path} ?_data: ${data.status}`);
        });
      }
      if (c.action) {
        jobs.push(async () => {
          const plain = await anon.postForm(c.path, c.body ?? {});
          if (![302, 303].includes(plain.status) || !plain.headers.get('location')?.startsWith('/config/sign-in'))
            wrong.push(`POST ${c.path}: ${plain.status}`);
          const data = await anon.postForm(withData(c.path, c.file), c.body ?? {});
          if (data.status !== 204 || !data.headers.get('x-remix-redirect')?.startsWith('/config/sign-in'))
            wrong.push(`POST ${c.path} ?_data: ${data.status}`);
        });
      }
    }
    for (const a of API_CASES) {
      jobs.push(async () => {
        const res = await anon.fetch(a.path, apiInit(a));
        if (res.status !== 401) wrong.push(`${a.method} ${a.path}: ${res.status}`);
      });
    }
    await pool(8, jobs);
    expect(wrong).toEqual([]);
  });

  it('lets every role with the permission in, and only those: every loader as ?_data=, and the page', async () => {
    const wrong: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    const check = (role: number, need: Permission | 'signed-in', url: string) => async () => {
      const res = await as(role).get(url);
      await res.arrayBuffer();
      const ok = allows(role, need) ? ![401, 403].includes(res.status) && res.status < 500 : res.status === 403;
      if (!ok) wrong.push(`GET ${url} as ${who(role)}: ${res.status} (matrix: ${allows(role, need) ? 'allowed' : 'refused'})`);
    };
    CASES.forEach((c, i) => {
      const need = c.loader;
      if (!need) return;
      // Every role asks the route's own loader (the JSON a client-side navigation fetches)...
      for (const role of ROLE_IDS) jobs.push(check(role, need, withData(c.path, c.file)));
      // ...and the whole page (every loader of the route's branch, rendered: the costly answer) as
      // one permission set the matrix lets in and one it refuses, taken in turn from route to route.
      const inSets = REPRESENTATIVES.filter((r) => allows(r, need));
      const outSets = REPRESENTATIVES.filter((r) => !allows(r, need));
      if (inSets.length > 0) jobs.push(check(inSets[i % inSets.length], need, c.path));
      if (outSets.length > 0) jobs.push(check(outSets[i % outSets.length], need, c.path));
    });
    await pool(8, jobs);
    expect(wrong).toEqual([]);
  });

  it('refuses every intent of every action to each role without the permission (form post and ?_data=), changing nothing', async () => {
    const acting = CASES.filter((c) => c.action && c.action !== 'signed-in');
    // Read twice: a screen whose data moves by itself (clocks, counters) is not compared.
    const before = await pool(
      8,
      acting.map((c) => () => snapshot(c)),
    );
    const again = await pool(
      8,
      acting.map((c) => () => snapshot(c)),
    );
    const audit = await (await admin.get('/config/audit?_data=routes/config.audit')).text();

    const wrong: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    let posts = 0;
    for (const [n, c] of acting.entries()) {
      const need = c.action as Permission;
      const refuses = (role: number, intent: string | null) => {
        const extra = intent === null ? undefined : c.intentPermissions?.[intent];
        return !can(role, need) || (extra !== undefined && !can(role, extra));
      };
      const posted: [number, string, string | null, Record<string, string>][] = [];
      const data = withData(c.path, c.file);
      // The case's own body: as every role id the fetcher's JSON post, and the plain form post
      // (JavaScript off: the refusal is a rendered page, the costly answer) as one permission set
      // that lacks the right, taken in turn from route to route.
      const own = c.body?.intent ?? null;
      for (const role of ROLE_IDS.filter((r) => refuses(r, own))) posted.push([role, data, own, c.body ?? {}]);
      const ownSets = REPRESENTATIVES.filter((r) => refuses(r, own));
      if (ownSets.length > 0) posted.push([ownSets[n % ownSets.length], c.path, own, c.body ?? {}]);
      // Every intent: the JSON post as each permission set that lacks what it needs, the plain
      // form post as one of them (taken in turn).
      intentsOf(c).forEach((intent, i) => {
        const body = { ...c.body, intent };
        const sets = REPRESENTATIVES.filter((r) => refuses(r, intent));
        for (const role of sets) posted.push([role, data, intent, body]);
        if (sets.length > 0) posted.push([sets[i % sets.length], c.path, intent, body]);
      });
      for (const [role, url, intent, body] of posted) {
        posts++;
        jobs.push(async () => {
          const res = await as(role).postForm(url, body);
          await res.arrayBuffer();
          if (res.status !== 403) wrong.push(`POST ${url} intent=${intent ?? '(none)'} as ${who(role)}: ${res.status}`);
        });
      }
    }
    for (const a of API_CASES) {
      for (const role of ROLE_IDS.filter((r) => !can(r, a.permission))) {
        posts++;
        jobs.push(async () => {
          const res = await as(role).fetch(a.path, apiInit(a));
          await res.arrayBuffer();
          if (res.status !== 403) wrong.push(`${a.method} ${a.path} as ${who(role)}: ${res.status}`);
        });
      }
    }
    await pool(8, jobs);
    expect(wrong).toEqual([]);
    expect(posts).toBeGreaterThan(300);

    const after = await pool(
      8,
      acting.map((c) => () => snapshot(c)),
    );
    const changed = acting.filter((c, i) => before[i] === again[i] && after[i] !== before[i]).map((c) => c.path);
    expect(changed, 'a refused post changed what these screens show').toEqual([]);
    // Most screens hold still between two reads; the audit log (every write is audited) covers the rest.
    expect(acting.filter((_, i) => before[i] === again[i]).length).toBeGreaterThan(acting.length / 2);
    expect(await (await admin.get('/config/audit?_data=routes/config.audit')).text()).toBe(audit);
  });

  it('lets each role with the permission post (form and ?_data=) and call the API', async () => {
    const wrong: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    for (const c of CASES) {
      const need = c.action;
      const body = c.allowedBody === undefined ? (c.body ?? {}) : c.allowedBody;
      if (!need || body === null) continue;
      const extra = body.intent ? c.intentPermissions?.[body.intent] : undefined;
      // Every allowed role as the fetcher's JSON post; the plain form post as the first of them.
      const roles = ROLE_IDS.filter((r) => allows(r, need) && (extra === undefined || can(r, extra)));
      const posted: [number, string][] = roles.map((r) => [r, withData(c.path, c.file)]);
      if (roles.length > 0) posted.push([roles[0], c.path]);
      for (const [role, url] of posted) {
        jobs.push(async () => {
          const res = await as(role).postForm(url, body);
          await res.arrayBuffer();
          if ([401, 403].includes(res.status) || res.status >= 500) wrong.push(`POST ${url} as ${who(role)}: ${res.status}`);
        });
      }
    }
    for (const a of API_CASES.filter((x) => x.allowedSafe)) {
      for (const role of ROLE_IDS.filter((r) => can(r, a.permission))) {
        jobs.push(async () => {
          const res = await as(role).fetch(a.path, apiInit(a));
          await res.arrayBuffer();
          if ([401, 403].includes(res.status) || res.status >= 500) wrong.push(`${a.method} ${a.path} as ${who(role)}: ${res.status}`);
        });
      }
    }
    await pool(8, jobs);
    expect(wrong).toEqual([]);
  });
});

function apiInit(a: ApiCase): RequestInit & { headers?: Record<string, string> } {
  if (a.method === 'GET') return {};
  if (a.body === undefined) return { method: a.method };
  return {
    method: a.method,
    body: typeof a.body === 'string' ? a.body : JSON.stringify(a.body),
    headers: { 'Content-Type': 'application/json' },
  };
}
