// Experiments (issue 16) on PGlite and PostgreSQL: drawing by weight (seeded draws), the sticky
// signed cookie, stopped experiments assigning nobody, the query override for the site's owners
// only, the owner's changes (bad variants refused, names unique), and the z-test's arithmetic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerAccess } from '../../app/auth/permissions.server.js';
import { ownerSessionStorage } from '../../app/auth/owner-session.server.js';
import { grantRole, upsertOwner } from '../../app/auth/owners.server.js';
import { ROLES } from '../../app/auth/roles.js';
import { cookieAssignment, EXPERIMENT_COOKIE, visitorExperiments } from '../../app/experiments/assignment.server.js';
import {
  createExperiment,
  deleteExperiment,
  ExperimentError,
  listExperiments,
  readRunning,
  setStatus,
  setWeights,
} from '../../app/experiments/experiments.server.js';
import { assign, overrideOf, pickVariant, readsExperiments, shares, variantsProblem, type Running } from '../../app/experiments/rules.js';
import { normalCdf, twoProportionZTest } from '../../app/experiments/z-test.js';
import { compareVariants, variantCounts } from '../../app/analytics/conversion-report.server.js';
import { PostgresEventStore, type EventRow } from '../../app/analytics/event-store.server.js';
import { parseDateRange } from '../../app/analytics/date-range.js';
import { reportPeriod, reportSite } from '../../app/analytics/report-period.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

/** A seeded generator (mulberry32): the same draws on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HERO: Running = {
  name: 'hero',
  variants: [
    { name: 'a', weight: 1 },
    { name: 'b', weight: 3 },
  ],
};

describe('drawing a variant by weight', () => {
  it('cuts [0, 1) in proportion to the weights', () => {
    expect(pickVariant(HERO.variants, () => 0)).toBe('a');
    expect(pickVariant(HERO.variants, () => 0.2499)).toBe('a');
    expect(pickVariant(HERO.variants, () => 0.25)).toBe('b');
    expect(pickVariant(HERO.variants, () => 0.9999999)).toBe('b');
  });

  it('never draws a variant of weight 0', () => {
    const v = [
      { name: 'a', weight: 0 },
      { name: 'b', weight: 5 },
      { name: 'c', weight: 0 },
    ];
    const r = seeded(7);
    for (let i = 0; i < 500; i++) expect(pickVariant(v, r)).toBe('b');
  });

  it('gives about the weights over many visitors (seeded: the same counts every run)', () => {
    const r = seeded(42);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++) counts[assign([HERO], {}, r).hero as 'a' | 'b']++;
    expect(counts.a + counts.b).toBe(10_000);
    // 25% and 75%, within 1.5 points.
    expect(Math.abs(counts.a / 10_000 - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(counts.b / 10_000 - 0.75)).toBeLessThan(0.015);
  });

  it('keeps a kept variant, drops experiments no longer running, redraws a variant that is gone', () => {
    const never = () => {
      throw new Error('no draw expected');
    };
    expect(assign([HERO], { hero: 'a' }, never)).toEqual({ hero: 'a' });
    expect(assign([], { hero: 'a' }, never)).toEqual({});
    expect(assign([HERO], { hero: 'zzz' }, () => 0.9)).toEqual({ hero: 'b' });
    // A variant whose weight went to 0 takes no more visitors, even those who had it.
    const zeroA = {
      name: 'hero',
      variants: [
        { name: 'a', weight: 0 },
        { name: 'b', weight: 1 },
      ],
    };
    expect(assign([zeroA], { hero: 'a' }, () => 0)).toEqual({ hero: 'b' });
  });

  it('refuses unusable variant lists and computes the shares', () => {
    expect(variantsProblem([{ name: 'a', weight: 1 }])).toBe('An experiment needs at least 2 variants.');
    expect(
      variantsProblem([
        { name: 'a', weight: 1 },
        { name: 'a', weight: 1 },
      ]),
    ).toBe('Each variant needs a different name.');
    expect(
      variantsProblem([
        { name: 'a', weight: 0 },
        { name: 'b', weight: 0 },
      ]),
    ).toBe('At least one variant needs a weight above 0.');
    expect(variantsProblem(HERO.variants)).toBeNull();
    expect(shares(HERO.variants)).toEqual([25, 75]);
  });

  it('tells which templates read the variants', () => {
    expect(readsExperiments('{.equal? experiments.hero "b"}B{.end}')).toBe(true);
    expect(readsExperiments('{.repeated section experimentEntries}{name}{.end}')).toBe(true);
    expect(readsExperiments('<h1>{item.title}</h1>')).toBe(false);
    expect(readsExperiments(undefined)).toBe(false);
  });

  it('reads an override only for a running experiment and one of its variants', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(overrideOf(q('experiment=hero:a'), [HERO])).toEqual({ hero: 'a' });
    expect(overrideOf(q('experiment=hero:z,other:a'), [HERO])).toEqual({});
    expect(overrideOf(q('experiment=<script>'), [HERO])).toEqual({});
  });
});

describe('the two-proportion z-test', () => {
  it('matches values computed by hand', () => {
    // Control 200/1000 = 20%, variant 250/1000 = 25%: pooled 0.225, SE = sqrt(.225*.775*(2/1000)) = 0.018675.
    const t = twoProportionZTest({ visitors: 1000, converted: 200 }, { visitors: 1000, converted: 250 })!;
    expect(t.z).toBeCloseTo(2.6773, 3);
    expect(t.p).toBeCloseTo(0.00742, 4);
    expect(t.significant).toBe(true);
    expect(t.differencePoints).toBeCloseTo(5, 10);
    // 10/100 against 12/100: pooled 0.11, SE = sqrt(.11*.89*.02) = 0.044249, z = 0.4520, p = 0.651.
    const u = twoProportionZTest({ visitors: 100, converted: 10 }, { visitors: 100, converted: 12 })!;
    expect(u.z).toBeCloseTo(0.452, 3);
    expect(u.p).toBeCloseTo(0.651, 3);
    expect(u.significant).toBe(false);
    // A variant doing worse gives a negative z and the same p as the mirror case.
    const w = twoProportionZTest({ visitors: 1000, converted: 250 }, { visitors: 1000, converted: 200 })!;
    expect(w.z).toBeCloseTo(-2.6773, 3);
    expect(w.p).toBeCloseTo(t.p, 10);
  });

  it('has no test without visitors or without variance', () => {
    expect(twoProportionZTest({ visitors: 0, converted: 0 }, { visitors: 10, converted: 1 })).toBeNull();
    expect(twoProportionZTest({ visitors: 10, converted: 0 }, { visitors: 10, converted: 0 })).toBeNull();
  });

  it('uses a normal CDF accurate to 1e-6', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
});

describe.each(targets)('experiments on $name', (target) => {
  let db: Db;
  let site: string;
  let access: OwnerAccess;
  let ownerCookie: string;

  beforeAll(async () => {
    db = await target.open({ seed: true });
    [{ id: site }] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
    const { owner } = await upsertOwner(db.sql, { email: 'exp-owner@example.com', password: 'correct horse battery staple' });
    await grantRole(db.sql, site, owner.id, ROLES.admin);
    access = { sql: db.sql, owner, site: { id: site }, actor: owner.email } as unknown as OwnerAccess;
    const storage = ownerSessionStorage(db.sql);
    const s = await storage.getSession();
    s.set('ownerId', owner.id);
    s.set('siteId', site);
    ownerCookie = (await storage.commitSession(s)).split(';')[0];
  });
  afterAll(async () => {
    await db?.close();
  });

  it('creates drafts, refuses a taken name and bad variants, starts, reweights and stops', async () => {
    const e = await createExperiment(access, 'hero', HERO.variants);
    expect(e.status).toBe('DRAFT');
    await expect(createExperiment(access, 'hero', HERO.variants)).rejects.toMatchObject({ status: 409, field: 'name' });
    await expect(createExperiment(access, 'solo', [{ name: 'a', weight: 1 }])).rejects.toBeInstanceOf(ExperimentError);
    expect(await readRunning(db.sql, site)).toEqual([]);
    await setStatus(access, e.id, 'ACTIVE');
    expect(await readRunning(db.sql, site)).toEqual([{ name: 'hero', variants: HERO.variants }]);
    const re = await setWeights(access, e.id, { a: 1, b: 1 });
    expect(re.variants).toEqual([
      { name: 'a', weight: 1 },
      { name: 'b', weight: 1 },
    ]);
    await expect(setWeights(access, e.id, { a: 0, b: 0 })).rejects.toMatchObject({ status: 400 });
    const stopped = await setStatus(access, e.id, 'STOPPED');
    expect(stopped.status).toBe('STOPPED');
    expect(stopped.stoppedAt).not.toBeNull();
    expect(await readRunning(db.sql, site)).toEqual([]);
    expect((await listExperiments(db.sql, site)).map((x) => x.name)).toEqual(['hero']);
    const [audit] = await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where action like 'experiment.%'`;
    expect(audit.n).toBe(4);
    expect(await deleteExperiment(access, e.id)).toBe('hero');
    await expect(setStatus(access, e.id, 'ACTIVE')).rejects.toMatchObject({ status: 404 });
  });

  it('draws once, then the signed cookie keeps the variant for the session', async () => {
    const first = await visitorExperiments(db.sql, new Request('http://shop.test/'), site, [HERO], { random: () => 0.1 });
    expect(first.variants).toEqual({ hero: 'a' });
    expect(first.setCookie).toMatch(new RegExp(`^${EXPERIMENT_COOKIE}=`));
    // A session cookie: it ends with the browser session.
    expect(first.setCookie).not.toMatch(/Max-Age|Expires/i);
    expect(first.setCookie).toMatch(/HttpOnly/);
    const cookie = first.setCookie!.split(';')[0];
    const again = await visitorExperiments(db.sql, new Request('http://shop.test/', { headers: { Cookie: cookie } }), site, [HERO], {
      random: () => 0.99,
    });
    expect(again).toEqual({ variants: { hero: 'a' }, setCookie: null, overridden: false });
    expect(await cookieAssignment(new Request('http://shop.test/', { headers: { Cookie: cookie } }))).toEqual({ hero: 'a' });
  });

  it('ignores a cookie forged by the visitor (its signature fails), and drops stopped experiments', async () => {
    const forged = await visitorExperiments(
      db.sql,
      new Request('http://shop.test/', { headers: { Cookie: `${EXPERIMENT_COOKIE}=${encodeURIComponent(btoa('"hero:b"'))}` } }),
      site,
      [HERO],
      { random: () => 0 },
    );
    expect(forged.variants).toEqual({ hero: 'a' });
    const { setCookie } = await visitorExperiments(db.sql, new Request('http://shop.test/'), site, [HERO], { random: () => 0.9 });
    const stopped = await visitorExperiments(
      db.sql,
      new Request('http://shop.test/', { headers: { Cookie: setCookie!.split(';')[0] } }),
      site,
      [],
    );
    expect(stopped.variants).toEqual({});
    expect(stopped.setCookie).not.toBeNull();
  });

  it('applies ?experiment= for the site owner only, and never stores it', async () => {
    const url = 'http://shop.test/?experiment=hero:b';
    const pub = await visitorExperiments(db.sql, new Request(url), site, [HERO], { random: () => 0 });
    expect(pub.variants).toEqual({ hero: 'a' });
    expect(pub.overridden).toBe(false);
    const internal = await visitorExperiments(db.sql, new Request(url, { headers: { Cookie: ownerCookie } }), site, [HERO], {
      random: () => 0,
    });
    expect(internal.variants).toEqual({ hero: 'b' });
    expect(internal.overridden).toBe(true);
    // The cookie holds the drawn variant, not the override.
    const cookie = internal.setCookie!.split(';')[0];
    expect(await cookieAssignment(new Request(url, { headers: { Cookie: cookie } }))).toEqual({ hero: 'a' });
    // An owner of another site only is the public here.
    const { owner } = await upsertOwner(db.sql, { email: 'exp-other@example.com', password: 'correct horse battery staple' });
    const storage = ownerSessionStorage(db.sql);
    const s = await storage.getSession();
    s.set('ownerId', owner.id);
    const stranger = (await storage.commitSession(s)).split(';')[0];
    const other = await visitorExperiments(db.sql, new Request(url, { headers: { Cookie: stranger } }), site, [HERO], { random: () => 0 });
    expect(other.variants).toEqual({ hero: 'a' });
  });

  it('stores the variants with the events and compares the variants while the experiment ran', async () => {
    await db.sql`
      insert into experiment (id, website_id, name, variants, status, started_at)
      values ('cmp-id', ${site}, 'cmp', ${db.sql.json([
        { name: 'a', weight: 1 },
        { name: 'b', weight: 1 },
      ] as never)}, 'ACTIVE', now() - interval '2 hours')`;
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    const ev = (visitor: string, variant: string | null, extra: Partial<EventRow> = {}): EventRow => ({
      website_id: site,
      occurred_at: ago(30),
      kind: 'page_view',
      visitor_id: visitor,
      visit_no: 1,
      new_visit: false,
      path: '/shop',
      page_type: 1,
      record_type: null,
      item_id: null,
      collection_id: null,
      referrer_host: '',
      device: 'desktop',
      source: 'js',
      data: {},
      experiments: variant ? { cmp: variant } : null,
      environment: 'production',
      ...extra,
    });
    const store = new PostgresEventStore(async () => db.sql);
    await store.writeEvents([
      // a: two visitors, one adds to cart.
      ev('v1', 'a'),
      ev('v1', 'a', { kind: 'add_to_cart' }),
      ev('v2', 'a'),
      ev('v2', 'a'),
      // b: one visitor reaches checkout; one seen before the experiment started does not count.
      ev('v3', 'b'),
      ev('v3', 'b', { page_type: 201 }),
      ev('v4', 'b', { occurred_at: ago(180), kind: 'add_to_cart' }),
      // Not in the experiment, without a visitor id, or another site's.
      ev('v5', null, { kind: 'add_to_cart' }),
      { ...ev('x', 'a'), visitor_id: null },
      ev('v6', 'b', { website_id: 'another-site' }),
    ]);
    const [stored] = await db.sql<{ experiments: unknown }[]>`
      select experiments from analytics_event where website_id = ${site} and visitor_id = 'v1' and kind = 'add_to_cart'`;
    expect(stored.experiments).toEqual({ cmp: 'a' });
    const [none] = await db.sql<{ experiments: unknown }[]>`
      select experiments from analytics_event where website_id = ${site} and visitor_id = 'v5'`;
    expect(none.experiments).toBeNull();

    const reportFor = (await reportSite(db.sql, site))!;
    const p = await reportPeriod(db.sql, reportFor, parseDateRange(new URLSearchParams({ range: '7' }), reportFor.today).range);
    const counts = await variantCounts(db.sql, p);
    expect(counts.filter((c) => c.experiment === 'cmp').sort((x, y) => x.variant.localeCompare(y.variant))).toEqual([
      { experiment: 'cmp', variant: 'a', visitors: 2, converted: 1 },
      { experiment: 'cmp', variant: 'b', visitors: 1, converted: 1 },
    ]);
    const experiments = await listExperiments(db.sql, site);
    const [cmp] = compareVariants(experiments, counts).filter((e) => e.name === 'cmp');
    expect(cmp.variants.map((v) => [v.variant, v.control, v.visitors, v.converted, v.rate])).toEqual([
      ['a', true, 2, 1, 50],
      ['b', false, 1, 1, 100],
    ]);
    expect(cmp.variants[0].test).toBeNull();
    expect(cmp.variants[1].test?.differencePoints).toBeCloseTo(50, 10);
    // Stopped before the events: nothing of this run counts.
    await db.sql`update experiment set status = 'STOPPED', stopped_at = now() - interval '1 hour' where id = 'cmp-id'`;
    expect((await variantCounts(db.sql, p)).filter((c) => c.experiment === 'cmp')).toEqual([]);
  });
});
