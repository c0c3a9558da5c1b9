// /config/analytics through the built server: the owner sees the overview, page-speed and errors
// screens with their tables (and the nav link), the date range works by GET without JavaScript,
// a role without analytics.read is refused, and the settings save (303, audited) or keep what was
// typed with the error; only roles with settings.write may tick the visitor-metrics beta; a cross-site post is refused.
import { describe, expect, it } from 'vitest';
import { can, INVITABLE_ROLES, permissionsOf, ROLE_NAMES } from '../../app/auth/roles.js';
import { Visitor } from './support/client.js';
import { formFields } from './support/form-fields.js';
import { adminVisitor, auditHas, OWNER, visitorWithRole } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');

describe('/config/analytics', () => {
  it('shows the overview with the totals, the days, the funnel and revenue as tables', async () => {
    const admin = await adminVisitor();
    const res = await admin.get('/config/analytics');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const html = await text(res);
    expect(html).toContain('href="/config/analytics"');
    expect(html).toContain('<caption>Totals for the period</caption>');
    expect(html).toMatch(/<th scope="row">Visits<\/th>/);
    expect(html).toContain('<caption>Visits, unique visitors and page views by day</caption>');
    expect(html).toMatch(/<th scope="row">Add to cart<\/th>/);
    expect(html).toMatch(/<th scope="row">Revenue<\/th><td>\$[\d,]+\.\d\d<\/td>/);
    // The last 30 days by default, compared with the 30 before: 30 day rows.
    expect(html.match(/<th scope="row"><time dateTime="\d{4}-\d{2}-\d{2}">/g)).toHaveLength(30);
    expect(html).toContain('<th scope="col">Previous period</th>');
  });

  it('takes the date range from a GET form: a preset, custom dates, comparison off, bad dates explained', async () => {
    const admin = await adminVisitor();
    const week = await text(await admin.get('/config/analytics?range=7&compare=1'));
    expect(week.match(/<th scope="row"><time dateTime=/g)).toHaveLength(7);
    expect(week).toMatch(/<option value="7" selected="">Last 7 days<\/option>/);

    const custom = await text(await admin.get('/config/analytics?range=custom&from=2026-01-01&to=2026-01-10'));
    expect(custom.match(/<th scope="row"><time dateTime=/g)).toHaveLength(10);
    expect(custom).toContain('Showing 2026-01-01 to 2026-01-10 (10 days');
    // The form was sent without the box ticked: no comparison columns.
    expect(custom).not.toContain('<th scope="col">Previous period</th>');

    const bad = await admin.get('/config/analytics?range=custom&from=2026-02-31&to=x');
    expect(bad.status).toBe(200);
    const badHtml = await text(bad);
    expect(badHtml).toContain('Showing the last 30 days.');
    expect(badHtml.match(/<th scope="row"><time dateTime=/g)).toHaveLength(30);
  });

  it('shows page speed and errors screens, saying plainly when there is nothing', async () => {
    const admin = await adminVisitor();
    const perf = await admin.get('/config/analytics/performance?range=7&compare=1');
    expect(perf.status).toBe(200);
    const perfHtml = await text(perf);
    expect(perfHtml).toMatch(/<h1>Page speed<\/h1>/);
    expect(perfHtml).toMatch(/No page-speed records in this period\.|<caption>Core Web Vitals at p75 by page<\/caption>/);
    const errs = await admin.get('/config/analytics/errors?range=90');
    expect(errs.status).toBe(200);
    expect(await text(errs)).toMatch(/No JavaScript errors were reported in this period\.|<caption>JavaScript errors by message/);
  });

  it('refuses a role without analytics.read, and a signed-out visitor', async () => {
    const admin = await adminVisitor();
    const { visitor } = await visitorWithRole(admin, 16);
    for (const path of ['/config/analytics', '/config/analytics/performance', '/config/analytics/errors', '/config/analytics/settings']) {
      expect((await visitor.get(path)).status, path).toBe(403);
    }
    expect((await visitor.postForm('/config/analytics/settings', { retentionDays: '30', cookiePolicy: 'allow' })).status).toBe(403);
    const nav = await text(await visitor.get('/config'));
    expect(nav).not.toContain('href="/config/analytics"');
    const anonymous = await new Visitor().get('/config/analytics');
    expect(anonymous.status).toBe(302);
  });

  it('lets a role that reads analytics but not settings look, and not save', async () => {
    const admin = await adminVisitor();
    const { visitor } = await visitorWithRole(admin, 3);
    expect((await visitor.get('/config/analytics')).status).toBe(200);
    const settings = await text(await visitor.get('/config/analytics/settings'));
    expect(settings).toContain('<fieldset disabled="">');
    expect((await visitor.postForm('/config/analytics/settings', { retentionDays: '30', cookiePolicy: 'allow' })).status).toBe(403);
  });

  it('lets exactly the roles with settings.write tick the visitor-metrics beta; every other role gets 403 and the box stays off', async () => {
    const admin = await adminVisitor();
    const page = '/config/analytics/settings';
    const form = async () => formFields(await text(await admin.get(page)), 'analytics-settings-form');
    const ticked = async () => (await form()).some(([k]) => k === 'visitorMetrics');
    const before = (await form()).filter(([k]) => !k.startsWith('_'));
    const unticked = before.filter(([k]) => k !== 'visitorMetrics');
    expect((await admin.postForm(page, unticked)).status).toBe(303);
    // One role for each set of permissions: the server decides by the set alone (config-permissions.test.ts).
    const roles = INVITABLE_ROLES.filter(
      (r, i) => INVITABLE_ROLES.findIndex((o) => permissionsOf(o).join() === permissionsOf(r).join()) === i,
    );
    expect(roles.filter((r) => can(r, 'settings.write')).length).toBeGreaterThan(0);
    expect(roles.filter((r) => !can(r, 'settings.write')).length).toBeGreaterThan(0);
    const visitors = await Promise.all(roles.map(async (r) => (await visitorWithRole(admin, r)).visitor));
    const wrong: string[] = [];
    for (const [i, role] of roles.entries()) {
      const allowed = can(role, 'settings.write');
      const res = await visitors[i].postForm(page, [...unticked, ['visitorMetrics', 'on']]);
      const now = await ticked();
      if (res.status !== (allowed ? 303 : 403) || now !== allowed)
        wrong.push(`${ROLE_NAMES[role]} (${role}): ${res.status}, ticked ${now}`);
      // Off again before the next role.
      if (now) expect((await admin.postForm(page, unticked)).status).toBe(303);
    }
    expect(wrong).toEqual([]);
    expect((await admin.postForm(page, before)).status).toBe(303);
  });

  it('saves the settings with a 303 and an audit entry, and keeps what was typed on an error', async () => {
    const admin = await adminVisitor();
    const bad = await admin.postForm('/config/analytics/settings', { retentionDays: '3', cookiePolicy: 'restrictive' });
    expect(bad.status).toBe(400);
    const badHtml = await text(bad);
    expect(badHtml).toContain('Keep records for at least 7 days.');
    expect(badHtml).toMatch(/name="retentionDays"[^>]*value="3"|value="3"[^>]*name="retentionDays"/);
    expect(badHtml).toMatch(/<option value="restrictive" selected="">/);
    expect(badHtml).toMatch(/aria-invalid="true"/);

    const junk = await admin.postForm('/config/analytics/settings', { retentionDays: 'many', cookiePolicy: 'sometimes' });
    expect(junk.status).toBe(400);
    const junkHtml = await text(junk);
    expect(junkHtml).toContain('Enter a number of days.');
    expect(junkHtml).toContain('Choose a cookie policy.');
    expect(junkHtml).toContain('value="many"');

    const days = String(100 + Math.floor(Math.random() * 800));
    const ok = await admin.postForm('/config/analytics/settings', { retentionDays: days, cookiePolicy: 'allow' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/config/analytics/settings?saved=1');
    const after = await text(await admin.get('/config/analytics/settings?saved=1'));
    expect(after).toContain('Analytics settings saved.');
    expect(after).toContain(`value="${days}"`);
    expect(await auditHas(admin, 'analytics', { actor: OWNER.email, action: 'analytics.settings', target: 'Analytics settings' })).toBe(
      true,
    );
  });

  it('refuses a cross-site post', async () => {
    const admin = await adminVisitor();
    const res = await admin.postForm(
      '/config/analytics/settings',
      { retentionDays: '30', cookiePolicy: 'allow' },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
  it('counts an add to cart made without JavaScript in the funnel (recorded by the server)', async () => {
    const admin = await adminVisitor();
    const addToCart = async () => {
      const html = await text(await admin.get('/config/analytics?range=7'));
      const m = html.match(/<th scope="row">Add to cart<\/th><td>([\d,]+)<\/td>/);
      expect(m, 'the funnel row').not.toBeNull();
      return Number(m![1].replace(/,/g, ''));
    };
    const before = await addToCart();
    // A shopper without JavaScript: the page's pixel gives them the census cookie (ss_cvr), without
    // which no visitor event is recorded (SPEC 7, ADR 0038); then the form post to /cart, as the
    // product page sends it with no script running.
    const shopper = new Visitor();
    const census = { websiteId: 'x', pageType: 1, pagePath: '/shop', url: '/shop' };
    expect((await shopper.get(`/api/census/pixel?d=${encodeURIComponent(JSON.stringify(census))}`)).status).toBe(200);
    expect(shopper.cookies.get('ss_cvr')).toBeDefined();
    const add = await shopper.postForm('/cart', {
      intent: 'add',
      itemId: 'itm-tide-pool-mug',
      sku: 'SG-TPM-01',
      quantity: '1',
      returnTo: '/shop',
    });
    expect(add.status).toBe(303);
    // The ingest queue writes within about a second; the dashboard reads the roll-ups it updates.
    await expect.poll(addToCart, { timeout: scaled(20_000), interval: 200 }).toBe(before + 1);
  });
});
