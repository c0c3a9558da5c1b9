// Analytics storage and rules on PGlite and PostgreSQL: the recording rules (switch, pages, owners
// and the viewer exception, cookie policy), batched writes (N rows, one insert per table), the
// bounded queue's refusal, a failed flush keeping its rows, day partitions, and retention; issue 28's
// daily row counts and quota, and the storage budget dropping the oldest days first.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, utcDay, type EventRow, type EventStore } from '../../app/analytics/event-store.server.js';
import { IngestQueue } from '../../app/analytics/ingest-queue.server.js';
import { forgetAnalyticsSettings, recordingVerdict } from '../../app/analytics/recording-rules.server.js';
import { DailyQuota } from '../../app/analytics/ingest-limits.server.js';
import { applyRetention, enforceStorageBudget } from '../../app/analytics/retention.server.js';
import { writeAnalyticsSettings } from '../../app/analytics/settings.server.js';
import { ownerSessionStorage } from '../../app/auth/owner-session.server.js';
import { grantRole, upsertOwner } from '../../app/auth/owners.server.js';
import { ROLES, type RoleId } from '../../app/auth/roles.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const DAY = 86_400_000;

function eventRow(site: string, at = new Date(), extra: Partial<EventRow> = {}): EventRow {
  return {
    website_id: site,
    occurred_at: at,
    kind: 'page_view',
    visitor_id: null,
    visit_no: null,
    new_visit: false,
    path: '/shop',
    page_type: 1,
    record_type: null,
    item_id: null,
    collection_id: null,
    referrer_host: '',
    device: 'desktop',
    source: 'js',
    data: { n: 1 },
    environment: 'production',
    ...extra,
  };
}

describe.each(targets)('analytics ingest on $name', (target) => {
  let db: Db;
  let site: string;
  let other: string;
  beforeAll(async () => {
    db = await target.open({ seed: true });
    [{ id: site }] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
    // A second site: an owner of it only, and a site keeping records longer.
    other = 'analytics-other-site';
    await db.sql`insert into website (id, title) values (${other}, 'Other') on conflict do nothing`;
  });
  afterAll(async () => {
    await db?.close();
  });
  afterEach(() => {
    delete process.env.ANALYTICS_DISABLED;
    forgetAnalyticsSettings();
  });

  async function ownerRequest(email: string, role: RoleId | null, on = site): Promise<Request> {
    const { owner } = await upsertOwner(db.sql, { email, password: 'correct horse battery staple' });
    if (role !== null) await grantRole(db.sql, on, owner.id, role);
    const storage = ownerSessionStorage(db.sql);
    const s = await storage.getSession();
    s.set('ownerId', owner.id);
    s.set('siteId', on);
    const cookie = (await storage.commitSession(s)).split(';')[0];
    return new Request('http://shop.test/', { headers: { Cookie: cookie } });
  }

  describe('recording rules', () => {
    const anon = () => new Request('http://shop.test/');
    it('records a shopper on a storefront page, with the site cookie policy', async () => {
      const v = await recordingVerdict(db.sql, anon(), site, '/shop', 1);
      expect(v).toMatchObject({ ok: true, settings: { cookiePolicy: 'allow' } });
    });
    it('records nothing when the global switch is off', async () => {
      process.env.ANALYTICS_DISABLED = '1';
      expect(await recordingVerdict(db.sql, anon(), site, '/shop')).toEqual({ ok: false, reason: 'disabled' });
    });
    it('records nothing on /config, /search, or the not-found, lock-screen and access-denied pages', async () => {
      for (const p of ['/config', '/config/pages', '/search', '/SEARCH/x'])
        expect(await recordingVerdict(db.sql, anon(), site, p)).toEqual({ ok: false, reason: 'page' });
      const { PageType } = await import('../../engine/ts/enums.js');
      for (const t of [PageType.NOT_FOUND, PageType.LOCK_SCREEN, PageType.MEMBER_AREA_ACCESS_DENIED])
        expect(await recordingVerdict(db.sql, anon(), site, '/x', t)).toEqual({ ok: false, reason: 'page' });
    });
    it("does not record the site's signed-in owners", async () => {
      for (const [i, role] of ([ROLES.admin, ROLES.editor, ROLES.reporting] as RoleId[]).entries()) {
        const req = await ownerRequest(`rule-owner-${i}@example.com`, role);
        expect(await recordingVerdict(db.sql, req, site, '/shop')).toEqual({ ok: false, reason: 'owner' });
      }
    });
    it('records a viewer outside /config, never inside', async () => {
      const req = await ownerRequest('rule-viewer@example.com', ROLES.viewer);
      expect((await recordingVerdict(db.sql, req, site, '/shop')).ok).toBe(true);
      expect(await recordingVerdict(db.sql, req, site, '/config/analytics')).toEqual({ ok: false, reason: 'page' });
    });
    it('records an owner of another site only, and a session cookie that does not verify', async () => {
      const req = await ownerRequest('rule-elsewhere@example.com', ROLES.admin, other);
      expect((await recordingVerdict(db.sql, req, site, '/shop')).ok).toBe(true);
      const forged = new Request('http://shop.test/', { headers: { Cookie: 'owner_session=forged.value' } });
      expect((await recordingVerdict(db.sql, forged, site, '/shop')).ok).toBe(true);
    });
    it('hands back a restrictive cookie policy', async () => {
      await writeAnalyticsSettings(db.sql, site, { retentionDays: 400, cookiePolicy: 'restrictive' });
      expect(await recordingVerdict(db.sql, anon(), site, '/shop')).toMatchObject({ ok: true, settings: { cookiePolicy: 'restrictive' } });
      await writeAnalyticsSettings(db.sql, site, { retentionDays: 400, cookiePolicy: 'allow' });
    });
  });

  describe('the queue and the store', () => {
    /** The PostgreSQL store, counting its calls (one call = one insert statement). */
    function countingStore(fail = 0) {
      const pg = new PostgresEventStore(async () => db.sql);
      const calls = { events: 0, performance: 0, errors: 0, failed: 0 };
      let failures = fail;
      const store: EventStore = {
        async writeEvents(rows) {
          if (failures > 0) {
            failures--;
            calls.failed++;
            throw new Error('database gone');
          }
          calls.events++;
          await pg.writeEvents(rows);
        },
        async writePerformance(rows) {
          calls.performance++;
          await pg.writePerformance(rows);
        },
        async writeErrors(rows) {
          calls.errors++;
          await pg.writeErrors(rows);
        },
      };
      return { store, calls };
    }
    const count = async (table: string, marker: string) =>
      (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)} where website_id = ${marker}`)[0].n;

    it('writes N rows of each table in one insert per table', async () => {
      const { store, calls } = countingStore();
      const q = new IngestQueue(store, { batch: 10_000, intervalMs: 60_000 });
      const w = 'batch-site';
      const now = new Date();
      for (let i = 0; i < 700; i++)
        expect(q.offer({ events: [eventRow(w, now, { visitor_id: i % 2 ? null : `v${i}`, visit_no: i % 3 ? null : 1 })] })).toBe(true);
      q.offer({
        performance: [
          {
            website_id: w,
            occurred_at: now,
            event: 'page-speed',
            page_load_id: 'p1',
            path: '/',
            device: 'mobile',
            fcp: 900,
            lcp: 1200,
            cls: 0.01,
            inp: null,
            fid: null,
            ttfb: 80,
            data: {},
            environment: 'prod',
          },
          {
            website_id: w,
            occurred_at: now,
            event: 'image',
            page_load_id: 'p1',
            path: '/',
            device: 'mobile',
            fcp: null,
            lcp: null,
            cls: null,
            inp: null,
            fid: null,
            ttfb: null,
            data: { naturalWidth: 10 },
            environment: 'dev',
          },
        ],
        errors: [
          {
            website_id: w,
            occurred_at: now,
            message: 'boom',
            source: '',
            line: 1,
            col: null,
            stack: 'at x',
            path: '/',
            user_agent: 'UA',
            page_load_id: 'p1',
          },
        ],
      });
      await q.flush();
      expect(calls).toMatchObject({ events: 1, performance: 1, errors: 1 });
      expect(q.size).toBe(0);
      expect(await count('analytics_event', w)).toBe(700);
      expect(await count('performance_record', w)).toBe(2);
      expect(await count('js_error', w)).toBe(1);
      const [r] = await db.sql<
        { lcp: number; data: unknown }[]
      >`select lcp, data from performance_record where website_id = ${w} and event = 'page-speed'`;
      expect(r.lcp).toBe(1200);
      const [e] = await db.sql<{ data: { n: number } }[]>`select data from analytics_event where website_id = ${w} limit 1`;
      expect(e.data.n).toBe(1);
    });

    it('refuses what does not fit when it holds its capacity', () => {
      const q = new IngestQueue(countingStore().store, { max: 3, batch: 100, intervalMs: 60_000 });
      expect(q.offer({ events: [eventRow('full'), eventRow('full')] })).toBe(true);
      expect(q.offer({ events: [eventRow('full'), eventRow('full')] })).toBe(false);
      expect(q.offer({ events: [eventRow('full')] })).toBe(true);
      expect(q.offer({ events: [eventRow('full')] })).toBe(false);
      expect(q.size).toBe(3);
    });

    it('keeps the rows of a failed flush and writes them on the retry', async () => {
      const { store, calls } = countingStore(1);
      const q = new IngestQueue(store, { batch: 100, intervalMs: 60_000 });
      const w = 'retry-site';
      q.offer({ events: [eventRow(w), eventRow(w)] });
      await q.flush();
      expect(calls.failed).toBe(1);
      expect(q.size).toBe(2);
      expect(await count('analytics_event', w)).toBe(0);
      await q.flush();
      expect(q.size).toBe(0);
      expect(await count('analytics_event', w)).toBe(2);
    });

    it('drains on shutdown and takes nothing after', async () => {
      const { store } = countingStore();
      const q = new IngestQueue(store, { batch: 100, intervalMs: 60_000 });
      q.offer({ events: [eventRow('drain-site')] });
      await q.drain();
      expect(await count('analytics_event', 'drain-site')).toBe(1);
      expect(q.offer({ events: [eventRow('drain-site')] })).toBe(false);
    });

    it("makes a day's partition before writing rows of a day that has none", async () => {
      const past = new Date(Date.now() - 40 * DAY);
      const name = `analytics_event_${utcDay(past).replaceAll('-', '')}`;
      const exists = async () => (await db.sql`select 1 from pg_class where relname = ${name}`).length > 0;
      expect(await exists()).toBe(false);
      await new PostgresEventStore(async () => db.sql).writeEvents([eventRow('old-site', past)]);
      expect(await exists()).toBe(true);
      expect(await count('analytics_event', 'old-site')).toBe(1);
    });
  });

  it('the writer keeps the daily roll-ups exactly as a rebuild from the events makes them, batch after batch', async () => {
    const store = new PostgresEventStore(async () => db.sql);
    const now = new Date();
    await db.sql`delete from analytics_event where website_id = ${other}`;
    await db.sql`select analytics_rollup_rebuild(${other})`;
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        eventRow(other, now, {
          visitor_id: `v${i % 3}`,
          new_visit: i % 3 === 0,
          path: i % 2 ? '/shop' : '/shop/p/mug',
          record_type: i % 2 ? null : 11,
          referrer_host: i % 4 === 0 ? 'search.example' : '',
          kind: i % 5 === 0 ? 'add_to_cart' : 'page_view',
        }),
      );
    // Two batches with the same keys: the second adds to the first's rows.
    await store.writeEvents(batch(10));
    await store.writeEvents(batch(7));
    const read = () =>
      Promise.all([
        db.sql`select day::text, kind, path, referrer_host, page_type, record_type, hits, visits from analytics_daily
                where website_id = ${other} order by 1, 2, 3, 4, 5, 6`,
        db.sql`select day::text, visitor::text from analytics_daily_visitor where website_id = ${other} order by 1, 2`,
      ]);
    const written = await read();
    expect(written[0].reduce((n, r) => n + Number(r.hits), 0)).toBe(17);
    // Three visitors on the day, kept as their 64-bit keys.
    expect(written[1]).toHaveLength(3);
    expect(new Set(written[1].map((r) => r.visitor)).size).toBe(3);
    await db.sql`select analytics_rollup_rebuild(${other})`;
    expect(await read()).toEqual(written);
  });

  it('retention drops day partitions past the longest retention, and older rows of sites keeping less', async () => {
    const now = new Date();
    const sites = await db.sql<{ id: string }[]>`select id from website order by id`;
    // Every site keeps 400 days, but the first keeps 30.
    for (const s of sites) await writeAnalyticsSettings(db.sql, s.id, { retentionDays: s.id === site ? 30 : 400, cookiePolicy: 'allow' });
    const store = new PostgresEventStore(async () => db.sql);
    const ancient = new Date(now.getTime() - 401 * DAY);
    const old = new Date(now.getTime() - 60 * DAY);
    await store.writeEvents([
      eventRow(site, ancient),
      eventRow(other, ancient),
      eventRow(site, old),
      eventRow(other, old),
      eventRow(site, now),
    ]);
    const r = await applyRetention(db.sql, now);
    expect(r.dropped).toContain(`analytics_event_${utcDay(ancient).replaceAll('-', '')}`);
    expect(r.dropped).toContain(`js_error_${utcDay(ancient).replaceAll('-', '')}`);
    expect(r.dropped).not.toContain(`analytics_event_${utcDay(old).replaceAll('-', '')}`);
    expect(r.deleted).toBeGreaterThanOrEqual(1);
    const left = await db.sql<{ website_id: string; day: string }[]>`
      select website_id, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day from analytics_event
       where occurred_at < ${new Date(now.getTime() - 59 * DAY)} and website_id in (${site}, ${other})`;
    // The 60-day-old row of the 30-day site is gone; the other site's stays.
    expect(left.map((l) => l.website_id)).toEqual([other]);
    for (const s of sites) await writeAnalyticsSettings(db.sql, s.id, { retentionDays: 400, cookiePolicy: 'allow' });
  });

  it('counts each batch in analytics_usage, and holds a site to its daily quota', async () => {
    const site3 = 'analytics-quota-site';
    const store = new PostgresEventStore(async () => db.sql);
    await store.writeEvents([eventRow(site3), eventRow(site3)]);
    const day = utcDay(new Date());
    const count = async () =>
      (
        await db.sql<{ rows: number }[]>`select rows::int as rows from analytics_usage where website_id = ${site3} and day = ${day}::date`
      )[0]?.rows;
    expect(await count()).toBe(2);
    const quota = new DailyQuota(async () => db.sql, 5);
    expect(await quota.take(site3, 2)).toBe(2);
    // 2 stored and 2 taken: one row is left of 5.
    expect(await quota.take(site3, 4)).toBe(1);
    expect(await quota.take(site3, 1)).toBe(0);
    quota.release(site3, 1);
    expect(await quota.take(site3, 3)).toBe(1);
  });

  it('drops the oldest day partitions first while the tables are over the storage budget, never today', async () => {
    const now = new Date();
    const store = new PostgresEventStore(async () => db.sql);
    const days = [300, 200, 100].map((d) => new Date(now.getTime() - d * DAY));
    for (const at of days) await store.writeEvents([eventRow(site, at)]);
    await store.writeEvents([eventRow(site, now)]);
    const name = (at: Date) => `analytics_event_${utcDay(at).replaceAll('-', '')}`;
    const sizes = await db.sql<{ name: string; bytes: string }[]>`
      select c.relname as name, pg_total_relation_size(c.oid)::text as bytes from pg_inherits i
        join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
       where p.relname in ('analytics_event', 'performance_record', 'js_error')`;
    const total = sizes.reduce((n, s) => n + Number(s.bytes), 0);
    const ofDay = (at: Date) =>
      sizes.filter((s) => s.name.endsWith(utcDay(at).replaceAll('-', ''))).reduce((n, s) => n + Number(s.bytes), 0);
    // A budget the tables pass by less than the oldest day: that day goes, the next stays.
    const dropped = await enforceStorageBudget(db.sql, total - ofDay(days[0]) / 2, now);
    expect(dropped).toContain(name(days[0]));
    expect(dropped).not.toContain(name(days[1]));
    // A budget of nothing drops every past day, but not today's partitions.
    const all = await enforceStorageBudget(db.sql, 0, now);
    expect(all).toContain(name(days[2]));
    expect(all).not.toContain(name(now));
    expect(
      (await db.sql`select 1 from analytics_event where website_id = ${site} and occurred_at >= ${new Date(now.getTime() - 60_000)}`)
        .length,
    ).toBeGreaterThan(0);
  });
});
