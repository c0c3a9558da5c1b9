// The translation service on PGlite and PostgreSQL, against a fake DeepL peer: a refused key is not
// kept, a good one is kept sealed (only its last 4 characters readable); "translate what is
// missing" fills every untranslated page and product field in batches (plain and HTML apart, HTML
// sanitised), never an owner's field, marks what it filled, and a spent quota stops the run with
// the owner's message. An editor save that changes a machine field drops its mark.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnerAccess } from '../../app/auth/permissions.server.js';
import { can, type Permission } from '../../app/auth/roles.js';
import { deeplBase, SERVICE_TEXT, TranslationServiceError } from '../../app/languages/deepl.server.js';
import { latestRuns, MACHINE_TEXT, startTranslation, translateMissingJob } from '../../app/languages/machine-translation.server.js';
import { readMultilingualSettings } from '../../app/languages/settings.server.js';
import { readCollectionTranslation, writeCollectionTranslation } from '../../app/languages/translations.server.js';
import { connectionKey, connectService } from '../../app/languages/translation-service.server.js';
import { runQueuedJobs, stopJobs } from '../../app/utils/jobs.server.js';
import type { Db } from '../../db/client.server.js';
import { startFakeDeepl, GOOD_KEY, type FakeDeepl } from '../support/fake-deepl.js';
import { targets } from './support/databases.js';

const SITE = 'saltgrass';
let peer: FakeDeepl;

// A short first retry for the test (the job's real delay is a minute, doubled each time).
translateMissingJob.options.retryDelay = 1;

beforeAll(async () => {
  peer = await startFakeDeepl();
  // Read by the app's configuration on first use (never set in production: readEnv refuses it there).
  process.env.TRANSLATION_SERVICE_URL = peer.url;
  process.env.SESSION_SECRET ??= 'integration-secret-for-the-secret-box-0123456789';
});
afterAll(async () => {
  await peer.close();
});

describe('the service host', () => {
  it('is DeepL free for ":fx" keys and DeepL pro otherwise, unless a test names another', () => {
    expect(deeplBase('abc:fx', null)).toBe('https://api-free.deepl.com');
    expect(deeplBase('abc', null)).toBe('https://api.deepl.com');
    expect(deeplBase('abc', 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9');
  });
});

describe.each(targets)('machine translation on $name', (target) => {
  let db: Db;
  const ownerId = `owner-mt-${target.name}`;

  function access(): OwnerAccess {
    return {
      sql: db.sql,
      owner: { id: ownerId, email: `${ownerId}@example.com`, name: '' },
      site: { id: SITE, title: 'Site', baseUrl: '', currency: 'USD', published: true },
      roleId: 1,
      can: (p: Permission) => can(1, p),
      actor: `${ownerId}@example.com`,
    } as unknown as OwnerAccess;
  }

  beforeAll(async () => {
    db = await target.open();
    await db.sql`insert into owner (id, email, password_hash) values (${ownerId}, ${`${ownerId}@example.com`}, 'not-a-real-hash')`;
  }, 60_000);
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('refuses a key the service refuses, keeping the connection as it was', async () => {
    const before = await readMultilingualSettings(db.sql, SITE);
    const err = await connectService(access(), { provider: 'DeepL', apiKey: 'wrong-key' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranslationServiceError);
    expect((err as TranslationServiceError).message).toBe(SERVICE_TEXT.refused);
    expect(await readMultilingualSettings(db.sql, SITE)).toEqual(before);
    // The demo's connection was made before keys were kept: translating asks to connect again.
    expect(await startTranslation(access(), 'fr')).toEqual({ ok: false, error: MACHINE_TEXT.noKey });
  });

  it('keeps a good key sealed, showing only its last 4 characters', async () => {
    const settings = await connectService(access(), { provider: 'DeepL', apiKey: GOOD_KEY });
    expect(settings.status).toBe('CONNECTED');
    expect(settings.connection).toMatchObject({ provider: 'DeepL', keyLast4: '4:fx' });
    expect(JSON.stringify(settings)).not.toContain('good-key');
    const [row] = await db.sql<{ api_key_sealed: string }[]>`select api_key_sealed from translation_connection where website_id = ${SITE}`;
    expect(row.api_key_sealed).not.toContain('good-key');
    expect(await connectionKey(db.sql, SITE)).toEqual({ provider: 'DeepL', key: GOOD_KEY });
  });

  it('fills what is missing in French, in batches, never an owner field, and marks what it filled', async () => {
    peer.calls.length = 0;
    peer.htmlTail = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const started = await startTranslation(access(), 'fr');
    expect(started).toEqual({ ok: true, message: MACHINE_TEXT.started('Français') });
    // One run at a time per language.
    expect(await startTranslation(access(), 'fr')).toEqual({ ok: false, error: MACHINE_TEXT.running('Français') });
    expect(await runQueuedJobs(db.sql, translateMissingJob)).toEqual({ ran: 1, failed: 0 });

    const run = (await latestRuns(db.sql, SITE)).fr;
    expect(run).toMatchObject({ state: 'done', error: null });
    expect(run.total).toBeGreaterThan(5);
    expect(run.done).toBe(run.total);

    // Every call: the key, English to French, at most 50 texts; HTML and plain text apart.
    expect(peer.calls.length).toBeGreaterThanOrEqual(2);
    for (const c of peer.calls) {
      expect(c.auth).toBe(`DeepL-Auth-Key ${GOOD_KEY}`);
      expect(c.body).toMatchObject({ source_lang: 'EN', target_lang: 'FR' });
      expect(c.body.text.length).toBeLessThanOrEqual(50);
    }
    const htmlTexts = peer.calls.filter((c) => c.body.tag_handling === 'html').flatMap((c) => c.body.text);
    const plainTexts = peer.calls.filter((c) => c.body.tag_handling === undefined).flatMap((c) => c.body.text);
    expect(plainTexts).toContain('Contact');
    expect(htmlTexts.some((t) => t.startsWith('<'))).toBe(true);
    // The owner's French about page was not sent: its fields are translated already.
    expect(plainTexts).not.toContain('About the studio');

    const [contactId] = await db.sql<{ id: string }[]>`select id from collection where website_id = ${SITE} and url_id = 'contact'`;
    const c = await readCollectionTranslation(db.sql, contactId.id, 'fr');
    expect(c.title).toBe('[FR] Contact');
    expect(c.body).toMatch(/^\[FR\] </);
    expect(c.body).not.toMatch(/script|onerror/);
    expect(c.machineFields).toEqual(expect.arrayContaining(['title', 'description', 'body']));

    const [aboutId] = await db.sql<{ id: string }[]>`select id from collection where website_id = ${SITE} and url_id = 'about'`;
    const about = await readCollectionTranslation(db.sql, aboutId.id, 'fr');
    expect(about.title).toBe("À propos de l'atelier");
    expect(about.machineFields).not.toContain('title');

    const [mug] = await db.sql<{ title: string; excerpt: string }[]>`
      select t.title, t.excerpt from item_translation t join item i on i.id = t.item_id where i.url_id = 'tide-pool-mug' and t.language = 'fr'`;
    expect(mug.title).toBe('Tasse Flaque de marée');
    const [plain] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from item_translation where language = 'fr' and 'title' = any(machine_fields)`;
    expect(plain.n).toBeGreaterThan(0);

    // Nothing left: a second run is refused with the reason.
    expect(await startTranslation(access(), 'fr')).toEqual({ ok: false, error: MACHINE_TEXT.nothing('Français') });
    // The owner changes the machine title: its mark goes, the body's stays.
    await writeCollectionTranslation(db.sql, contactId.id, 'fr', { ...c, title: 'Nous écrire' });
    const edited = await readCollectionTranslation(db.sql, contactId.id, 'fr');
    expect(edited.machineFields).not.toContain('title');
    expect(edited.machineFields).toContain('body');
  });

  it('stops the run with the owner message when the quota is spent, and refuses the default language', async () => {
    await db.sql`insert into website_language (website_id, code, is_default, ordering) values (${SITE}, 'de', false, 5)`;
    peer.failNext.push(456);
    expect((await startTranslation(access(), 'de')).ok).toBe(true);
    expect(await runQueuedJobs(db.sql, translateMissingJob)).toEqual({ ran: 1, failed: 0 });
    expect((await latestRuns(db.sql, SITE)).de).toMatchObject({ state: 'failed', done: 0, error: SERVICE_TEXT.quota });
    expect(await startTranslation(access(), 'en')).toEqual({ ok: false, error: MACHINE_TEXT.notOffered });
    expect(await startTranslation(access(), 'it')).toEqual({ ok: false, error: MACHINE_TEXT.notOffered });
  });

  it('skips a batch the service rejects (a text too long for it) and translates the rest', async () => {
    await db.sql`insert into website_language (website_id, code, is_default, ordering) values (${SITE}, 'es', false, 6)`;
    peer.failNext.push(413);
    expect((await startTranslation(access(), 'es')).ok).toBe(true);
    expect(await runQueuedJobs(db.sql, translateMissingJob)).toEqual({ ran: 1, failed: 0 });
    const run = (await latestRuns(db.sql, SITE)).es;
    expect(run).toMatchObject({ state: 'done', error: null });
    expect(run.done).toBe(run.total);
    const [{ n }] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from collection_translation t join collection c on c.id = t.collection_id
       where c.website_id = ${SITE} and t.language = 'es' and t.body like '[ES] %'`;
    expect(n).toBeGreaterThan(0);
  });

  it('tries again when the service is busy, and finishes on the next try', async () => {
    peer.failNext.push(429);
    expect((await startTranslation(access(), 'de')).ok).toBe(true);
    expect(await runQueuedJobs(db.sql, translateMissingJob)).toEqual({ ran: 1, failed: 1 });
    expect((await latestRuns(db.sql, SITE)).de).toMatchObject({ state: 'queued', error: MACHINE_TEXT.retrying(SERVICE_TEXT.busy) });
    // The retry is due a moment later: until then the queue has nothing to run.
    const ran = await vi.waitFor(
      async () => {
        const now = await runQueuedJobs(db.sql, translateMissingJob);
        expect(now.ran).toBeGreaterThan(0);
        return now;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(ran).toEqual({ ran: 1, failed: 0 });
    const run = (await latestRuns(db.sql, SITE)).de;
    expect(run).toMatchObject({ state: 'done', error: null });
    expect(run.done).toBe(run.total);
    const [t] = await db.sql<{ title: string }[]>`
      select t.title from collection_translation t join collection c on c.id = t.collection_id
       where c.website_id = ${SITE} and c.url_id = 'contact' and t.language = 'de'`;
    expect(t.title).toBe('[DE] Contact');
  });
});
