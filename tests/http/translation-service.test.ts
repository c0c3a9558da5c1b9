// The translation service through the built server (a server of the test's own, outside production,
// with TRANSLATION_SERVICE_URL pointing at a fake DeepL peer): connecting on /config/languages
// without JavaScript (a refused key shows the error, a good one only its last 4 characters),
// "translate what is missing" in French as a job whose progress the screen shows, /fr/ pages with
// the machine text while the owner's French stays, the JSON API (PUT and DELETE, the settings
// without the key), and refusals: a viewer, an API key without settings.write, another site (CSRF).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_TEXT } from '../../app/languages/deepl.server.js';
import { MACHINE_TEXT } from '../../app/languages/machine-translation.server.js';
import { GOOD_KEY, startFakeDeepl, type FakeDeepl } from '../support/fake-deepl.js';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const SCREEN = '/config/languages';
const SETTINGS = '/api/multilingual/settings';
const CONNECTION = '/api/multilingual/connection';

const strip = (html: string) => html.replace(/<!-- -->/g, '');
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

let peer: FakeDeepl;
let store: OwnStore;
let admin: Visitor;
const base = () => store.url();

beforeAll(async () => {
  peer = await startFakeDeepl();
  // Outside production: only there may the service's host be pointed elsewhere.
  store = new OwnStore({ NODE_ENV: 'development', TRANSLATION_SERVICE_URL: peer.url, TRUST_PROXY: '1' });
  await store.start();
  admin = await adminVisitor(base);
}, scaled(240_000));
afterAll(async () => {
  await store?.dispose();
  await peer?.close();
});

/** Creates an API key with `scopes` on the API keys screen and reads it from the answer. */
async function apiKey(name: string, scopes: string[]): Promise<string> {
  const fields: Record<string, string> = { intent: 'create', name };
  for (const s of scopes) fields[`scope_${s.replace('.', '_')}`] = 'on';
  const html = strip(await (await admin.postForm('/config/api-keys', fields)).text());
  const key = /value="(sk_[A-Za-z0-9_-]+)"/.exec(html)?.[1];
  if (!key) throw new Error(`no key in the answer: ${html.slice(0, 500)}`);
  return key;
}

/** A client program with a key: no cookies, no Origin. */
const program = (path: string, key: string, method: string, body?: unknown) =>
  fetch(new URL(path, base()), {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('connecting the translation service on /config/languages', () => {
  it('shows DeepL refusing a key, keeping what was typed but the key, and keeps nothing', async () => {
    const res = await admin.postForm(SCREEN, { intent: 'connect', provider: 'DeepL', apiKey: 'refused-key-9999' });
    expect(res.status).toBe(400);
    const html = strip(await res.text());
    expect(html).toContain(escaped(SERVICE_TEXT.refused));
    expect(html).not.toContain('refused-key-9999');
    expect(html).toMatch(/<option value="DeepL" selected="">DeepL<\/option>/);
    const settings = await (await admin.get(SETTINGS)).json();
    expect(settings.connection.provider).toBe('Demo translation service');
  });

  it('connects with a good key (audited), shown afterwards only by its last 4 characters', async () => {
    const res = await admin.postForm(SCREEN, { intent: 'connect', provider: 'DeepL', apiKey: GOOD_KEY });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/config/languages?done=connected');
    const html = strip(await (await admin.get('/config/languages?done=connected')).text());
    expect(html).toContain('The translation service is connected.');
    expect(html).toContain('Connected to DeepL with the API key ending in 4:fx since');
    expect(html).not.toContain('good-key');
    const body = await (await admin.get(SETTINGS)).text();
    expect(body).not.toContain('good-key');
    expect(JSON.parse(body)).toMatchObject({ status: 'CONNECTED', connection: { provider: 'DeepL', keyLast4: '4:fx' } });
    expect(
      await auditHas(admin, 'settings', { actor: 'owner@example.com', action: 'settings.update', target: 'translation connection' }),
    ).toBe(true);
  });
});

describe('translate what is missing', () => {
  it('fills the French fields in a job whose progress the screen shows; /fr/ pages show them, the owner French stays', async () => {
    expect(strip(await (await new Visitor(base).get('/fr/contact')).text())).not.toContain('[FR] Contact');
    const res = await admin.postForm(SCREEN, { intent: 'translate', language: 'fr' });
    expect(res.status, strip(await res.clone().text()).slice(0, 500)).toBe(303);
    const html = await vi.waitFor(
      async () => {
        const now = strip(await (await admin.get(SCREEN)).text());
        expect(now).toMatch(/data-run="(done|failed)"/);
        return now;
      },
      { timeout: scaled(45_000), interval: 250 },
    );
    expect(html).toMatch(/<p data-run="done">Last run: (\d+) of \1 fields translated/);
    expect(
      await auditHas(admin, 'settings', { actor: 'owner@example.com', action: 'settings.update', target: 'machine translation (fr)' }),
    ).toBe(true);

    const contact = strip(await (await new Visitor(base).get('/fr/contact')).text());
    expect(contact).toContain('[FR] Contact');
    const about = strip(await (await new Visitor(base).get('/fr/a-propos')).text());
    expect(about).toContain('À propos de l&#x27;atelier');
    expect(about).not.toContain('[FR] About the studio');
    expect(peer.calls.every((c) => c.body.target_lang === 'FR' && c.body.source_lang === 'EN')).toBe(true);

    // The page's translation editor says which fields a machine filled.
    const pages = strip(await (await admin.get('/config/pages')).text());
    const id = /href="\/config\/pages\/([^"/]+)">Contact</.exec(pages)?.[1];
    expect(id).toBeTruthy();
    const editor = strip(await (await admin.get(`/config/pages/${id}/translations/fr`)).text());
    expect(editor).toContain('Machine-translated: check it, then save.');

    // Nothing is left to translate: the screen says so, keeping the page.
    const again = await admin.postForm(SCREEN, { intent: 'translate', language: 'fr' });
    expect(again.status).toBe(400);
    expect(strip(await again.text())).toContain(escaped(MACHINE_TEXT.nothing('Français')));
  });
});

describe('the connection API and who may use it', () => {
  it('refuses a viewer, an API key without settings.write, and another site', async () => {
    const { visitor } = await visitorWithRole(admin, 10, { base, dataDir: store.dataDir });
    expect((await visitor.json(CONNECTION, { provider: 'DeepL', apiKey: GOOD_KEY }, 'PUT')).status).toBe(403);
    expect((await visitor.postForm(SCREEN, { intent: 'connect', provider: 'DeepL', apiKey: GOOD_KEY })).status).toBe(403);
    expect((await visitor.postForm(SCREEN, { intent: 'translate', language: 'fr' })).status).toBe(403);
    const readOnly = await apiKey('Read only', ['settings.read']);
    const put = await program(CONNECTION, readOnly, 'PUT', { provider: 'DeepL', apiKey: GOOD_KEY });
    expect(put.status).toBe(403);
    expect((await program(CONNECTION, readOnly, 'DELETE')).status).toBe(403);
    const csrf = await admin.json(CONNECTION, { provider: 'DeepL', apiKey: GOOD_KEY }, 'PUT', { Origin: 'https://evil.example' });
    expect(csrf.status).toBe(403);
    expect((await admin.get(SETTINGS).then((r) => r.json())).connection.provider).toBe('DeepL');
  });

  it('PUT connects with a key that has settings.write (bad input and a refused key are 400s); DELETE disconnects', async () => {
    const writer = await apiKey('Translations', ['settings.read', 'settings.write']);
    const bad = await program(CONNECTION, writer, 'PUT', { provider: 'Babelfish', apiKey: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Choose a translation service: DeepL.');
    const refused = await program(CONNECTION, writer, 'PUT', { provider: 'DeepL', apiKey: 'nope-1234' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: SERVICE_TEXT.refused });
    const ok = await program(CONNECTION, writer, 'PUT', { provider: 'deepl', apiKey: GOOD_KEY });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).not.toContain('good-key');
    expect(JSON.parse(text)).toMatchObject({ status: 'CONNECTED', connection: { provider: 'DeepL', keyLast4: '4:fx' } });

    const del = await admin.fetch(CONNECTION, { method: 'DELETE' });
    expect(await del.json()).toEqual({ disconnected: true });
    expect(await (await admin.get(SETTINGS)).json()).toMatchObject({ status: 'NOT_CONNECTED', connection: null });
    const screen = strip(await (await admin.get(SCREEN)).text());
    expect(screen).toContain('data-connection="none"');
    expect(screen).not.toContain('Translate what is missing in');
    const after = await admin.postForm(SCREEN, { intent: 'translate', language: 'fr' });
    expect(after.status).toBe(400);
    expect(strip(await after.text())).toContain(MACHINE_TEXT.noConnection);
  });
});
