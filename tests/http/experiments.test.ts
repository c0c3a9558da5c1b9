// Experiments (issue 16) through the built server: the owner's screen (create, bad input with its
// errors and nothing typed lost, CSRF, roles, weights, start and stop), a product page whose
// template branches on the visitor's variant, the variant sticky across requests, the ?experiment=
// override for the site's owners only, and caching: such a page is private and varies by cookie,
// while pages that do not read the variants stay public.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const PRODUCT = '/shop/p/linen-bread-bag';
const LISTING = '/shop';
const NAME = `hero_${randomBytes(3).toString('hex')}`;
const BRANCH = `<p id="exp-branch">{.equal? experiments.${NAME} "b"}Variant B{.or}Variant A{.end}</p>`;

let admin: Visitor;
let originalVersion: number;
let id: string;

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');
const shown = (html: string) => /<p id="exp-branch">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
const post = (fields: Record<string, string>, who: Visitor = admin, headers: Record<string, string> = {}) =>
  who.postForm('/config/experiments', fields, headers);
const weights = (a: string, b: string) => post({ intent: 'weights', id, w_a: a, w_b: b });

beforeAll(async () => {
  admin = await adminVisitor();
  const versions = await text(await admin.get('/config/theme'));
  originalVersion = Number(/Visitors see version (\d+)/.exec(versions)![1]);
  const preview = (await (await admin.get('/config/theme/preview?page=product')).json()) as { sources: { pages: Record<string, string> } };
  const saved = await admin.postForm('/config/theme/edit/product', {
    intent: 'save',
    source: BRANCH + preview.sources.pages.product,
    note: '',
  });
  expect(saved.status).toBe(303);
  const version = /\?saved=(\d+)$/.exec(saved.headers.get('location') ?? '')![1];
  expect((await admin.postForm('/config/theme', { intent: 'publish', version })).status).toBeLessThan(400);
});

afterAll(async () => {
  if (id) await post({ intent: 'delete', id });
  await admin.postForm('/config/theme/versions', { intent: 'revert', version: String(originalVersion), publish: 'on' });
});

describe('the owner manages experiments', () => {
  it('refuses bad input with the error, keeping what was typed', async () => {
    const bad = await post({ intent: 'create', name: 'Bad Name!', variant0: 'a', weight0: '50', variant1: 'b', weight1: '50' });
    expect(bad.status).toBe(400);
    const html = await text(bad);
    expect(html).toContain('Use lower-case letters, digits and underscores, starting with a letter');
    expect(html).toContain('value="Bad Name!"');
    const weight = await text(await post({ intent: 'create', name: NAME, variant0: 'a', weight0: 'lots', variant1: 'b', weight1: '50' }));
    expect(weight).toContain('A weight is a whole number from 0 to 1000.');
    expect(weight).toContain('value="lots"');
    const one = await post({ intent: 'create', name: NAME, variant0: 'a', weight0: '50' });
    expect(one.status).toBe(400);
    expect(await text(one)).toContain('An experiment needs at least 2 variants.');
    const zero = await post({ intent: 'create', name: NAME, variant0: 'a', weight0: '0', variant1: 'b', weight1: '0' });
    expect(await text(zero)).toContain('At least one variant needs a weight above 0.');
    expect(await text(await admin.get('/config/experiments'))).not.toContain(`experiments.${NAME}`);
  });

  it('refuses a post from another site (CSRF) and a role without experiments.write', async () => {
    const csrf = await post({ intent: 'create', name: NAME, variant0: 'a', weight0: '1', variant1: 'b', weight1: '1' }, admin, {
      Origin: 'https://evil.example',
    });
    expect(csrf.status).toBe(403);
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    const page = await viewer.get('/config/experiments');
    expect(page.status).toBe(200);
    expect(await text(page)).not.toContain('Create an experiment');
    expect((await post({ intent: 'create', name: NAME, variant0: 'a', weight0: '1', variant1: 'b', weight1: '1' }, viewer)).status).toBe(
      403,
    );
    expect(await text(await admin.get('/config/experiments'))).not.toContain(`experiments.${NAME}`);
  });

  it('creates a draft, refuses the same name twice, and lists it', async () => {
    const res = await post({ intent: 'create', name: NAME, variant0: 'a', weight0: '1', variant1: 'b', weight1: '0' });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain(`Experiment ${NAME} created.`);
    const again = await post({ intent: 'create', name: NAME, variant0: 'a', weight0: '1', variant1: 'b', weight1: '1' });
    expect(again.status).toBe(409);
    expect(await text(again)).toContain('An experiment with this name already exists.');
    const list = await text(await admin.get('/config/experiments'));
    const m = new RegExp(`aria-label="Weights of ${NAME}"[^>]*>.*?name="id" value="([^"]+)"`, 's').exec(list);
    expect(m).not.toBeNull();
    id = m![1];
    expect(list).toContain(`Start ${NAME}`);
  });

  it('refuses bad weights and an unknown experiment', async () => {
    const bad = await weights('-1', '1');
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain('A weight is a whole number from 0 to 1000.');
    const none = await post({ intent: 'start', id: 'no-such-experiment' });
    expect(none.status).toBe(404);
    expect(await text(none)).toContain('This experiment does not exist, or it was deleted.');
  });
});

describe('visitors and the variants', () => {
  it('a draft assigns nobody: the default shows and the page stays public', async () => {
    const res = await new Visitor().get(PRODUCT);
    expect(shown(await text(res))).toBe('Variant A');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.headers.getSetCookie().join()).not.toContain('ss_exp=');
  });

  it('a running experiment draws by weight, privately, with Vary: Cookie', async () => {
    expect((await post({ intent: 'start', id })).status).toBe(200);
    // Weights 1 and 0: every new visitor gets a.
    const v = new Visitor();
    const res = await v.get(PRODUCT);
    expect(res.status).toBe(200);
    expect(shown(await text(res))).toBe('Variant A');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/i);
    expect(res.headers.getSetCookie().join()).toMatch(/ss_exp=.*HttpOnly/i);
    // Weights 0 and 1: new visitors get b.
    expect((await weights('0', '1')).status).toBe(200);
    expect(shown(await text(await new Visitor().get(PRODUCT)))).toBe('Variant B');
    // A page whose templates do not read the variants keeps its public caching and sets no cookie.
    const listing = await new Visitor().get(LISTING);
    expect(listing.headers.get('cache-control')).toMatch(/^public/);
    expect(listing.headers.getSetCookie().join()).not.toContain('ss_exp=');
  });

  it('keeps a visitor on their variant across requests (the cookie is set once)', async () => {
    expect((await weights('1', '1')).status).toBe(200);
    for (let n = 0; n < 3; n++) {
      const v = new Visitor();
      const first = await v.get(PRODUCT);
      const variant = shown(await text(first));
      expect(first.headers.getSetCookie().join()).toContain('ss_exp=');
      for (let i = 0; i < 4; i++) {
        const again = await v.get(PRODUCT);
        expect(shown(await text(again))).toBe(variant);
        expect(again.headers.getSetCookie().join()).not.toContain('ss_exp=');
      }
    }
  });

  it('ignores ?experiment= from the public and a forged cookie; applies it for the owner and on internal hosts', async () => {
    expect((await weights('1', '0')).status).toBe(200);
    const pub = await new Visitor().get(`${PRODUCT}?experiment=${NAME}:b`);
    expect(shown(await text(pub))).toBe('Variant A');
    const forger = new Visitor();
    forger.cookies.set('ss_exp', encodeURIComponent(btoa(JSON.stringify(`${NAME}:b`))));
    expect(shown(await text(await forger.get(PRODUCT)))).toBe('Variant A');
    const owner = await admin.get(`${PRODUCT}?experiment=${NAME}:b`);
    expect(shown(await text(owner))).toBe('Variant B');
    expect(owner.headers.get('cache-control')).toBe('private, no-cache');
    // Not stored: the owner's next page is their drawn variant again.
    expect(shown(await text(await admin.get(PRODUCT)))).toBe('Variant A');
    // On an internal host (INTERNAL_HOSTS, as a staging deployment) anyone may ask for a variant.
    const staging = new Visitor(undefined, 'localhost');
    expect(shown(await text(await staging.get(`${PRODUCT}?experiment=${NAME}:b`)))).toBe('Variant B');
    expect(shown(await text(await staging.get(PRODUCT)))).toBe('Variant A');
  });

  it("the theme editor's preview shows the variant the owner picks, else each experiment's first", async () => {
    type Preview = {
      context: { experiments?: Record<string, string> };
      experiments: { name: string; variants: string[]; chosen: string }[];
    };
    const first = (await (await admin.get('/config/theme/preview?page=product')).json()) as Preview;
    expect(first.context.experiments?.[NAME]).toBe('a');
    expect(first.experiments.find((x) => x.name === NAME)).toEqual({ name: NAME, variants: ['a', 'b'], chosen: 'a' });
    const picked = (await (await admin.get(`/config/theme/preview?page=product&experiment=${NAME}:b`)).json()) as Preview;
    expect(picked.context.experiments?.[NAME]).toBe('b');
    expect(picked.experiments.find((x) => x.name === NAME)?.chosen).toBe('b');
    // A variant the experiment lacks is ignored, as on the storefront.
    const unknown = (await (await admin.get(`/config/theme/preview?page=product&experiment=${NAME}:zz`)).json()) as Preview;
    expect(unknown.context.experiments?.[NAME]).toBe('a');
  });

  it('records the variant with page views, and the dashboard compares the variants', async () => {
    const hit = (pagePath: string, pageType = 1) => ({
      event: 'view',
      data: JSON.stringify({
        websiteId: 'ignored',
        pageType,
        url: `http://shop.test${pagePath}`,
        pagePath,
        title: 'T',
        pageLoadId: 'pl-x',
      }),
    });
    // a: sees the product, then reaches checkout (converted).
    expect((await weights('1', '0')).status).toBe(200);
    const va = new Visitor();
    await va.get(PRODUCT);
    expect((await va.postForm('/api/census/RecordHit', hit(PRODUCT))).status).toBe(202);
    expect((await va.postForm('/api/census/RecordHit', hit('/checkout', 201))).status).toBe(202);
    // b: sees the product only.
    expect((await weights('0', '1')).status).toBe(200);
    const vb = new Visitor();
    await vb.get(PRODUCT);
    expect((await vb.postForm('/api/census/RecordHit', hit(PRODUCT))).status).toBe(202);
    // The ingest queue writes within about a second.
    const html = await vi.waitFor(
      async () => {
        const now = await text(await admin.get('/config/analytics/experiments?range=7'));
        expect(now).toContain(`<tr data-variant="b"><th scope="row">b</th><td>1</td>`);
        expect(now).toContain('<td>100%</td>');
        return now;
      },
      { timeout: scaled(20_000), interval: 250 },
    );
    expect(html).toContain(`<caption>Conversion by variant of ${NAME}</caption>`);
    expect(html).toMatch(/<tr data-variant="a"><th scope="row">a \(control\)<\/th><td>1<\/td><td>1<\/td><td>100%<\/td>/);
    expect(html).toMatch(/<tr data-variant="b"><th scope="row">b<\/th><td>1<\/td><td>0<\/td><td>0%<\/td><td>-100.0 points<\/td>/);
    const { visitor: reporting } = await visitorWithRole(admin, 3);
    expect((await reporting.get('/config/analytics/experiments')).status).toBe(200);
  });

  it('stopping assigns nobody: everyone sees the default, and the page is public again', async () => {
    const v = new Visitor();
    await v.get(PRODUCT);
    expect((await post({ intent: 'stop', id })).status).toBe(200);
    const res = await v.get(PRODUCT);
    expect(shown(await text(res))).toBe('Variant A');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const list = await text(await admin.get('/config/experiments'));
    expect(list).toContain(`Start ${NAME}`);
  });
});
