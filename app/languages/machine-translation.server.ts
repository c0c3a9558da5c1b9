// "Translate what is missing" (ADR 0020): for one of the site's languages, every page and product
// field with no translation yet is sent to the connected service in batches, by a job (pg-boss),
// and stored only where the field is still untranslated, so the owner's own translations always
// win. Rich text goes as HTML and is sanitised again before it is kept. The run's progress is kept
// for the Languages screen; machine-filled fields are marked for the editors.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { sanitizeOwnerHtml } from '../edits/sanitize.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { defineJob, enqueue, type JobContext } from '../utils/jobs.server.js';
import { errorText, log } from '../utils/log.server.js';
import { deeplTranslate, MAX_BYTES_PER_CALL, MAX_TEXTS_PER_CALL, TranslationServiceError } from './deepl.server.js';
import { LANGUAGE_NAMES } from './languages.js';
import { readSiteLanguages } from './settings.server.js';
import { connectionKey } from './translation-service.server.js';

export const MACHINE_TEXT = {
  notOffered: 'This site does not offer that language besides its default one.',
  noConnection: 'Connect a translation service first.',
  noKey:
    'The translation service has no API key this server can use (it was connected before keys were kept, or the server secret changed): connect it again.',
  running: (name: string) => `${name} is already being translated.`,
  nothing: (name: string) => `Every page and product field already has a ${name} translation.`,
  started: (name: string) => `Translating what is missing in ${name}. The progress shows below.`,
  queueFailed: 'The translation could not be started. Try again in a moment.',
  stopped: 'The translation stopped on an unexpected error. Start it again: what was translated stays.',
  retrying: (message: string) => `${message} Trying again shortly.`,
};

const PAGE_TYPE = 10;

// The translated columns and their size limits (migration 0028); body is always rich text.
const COLLECTION_FIELDS = { title: 200, description: 2000, body: null, seo_title: 200, seo_description: 2000 } as const;
const ITEM_FIELDS = { title: 200, excerpt: null, body: null } as const;
type CollectionField = keyof typeof COLLECTION_FIELDS;
type ItemField = keyof typeof ITEM_FIELDS;

interface Missing {
  table: 'collection' | 'item';
  id: string;
  field: CollectionField | ItemField;
  text: string;
  html: boolean;
}

const looksLikeHtml = (s: string) => /<[a-z!/][^>]*>/i.test(s);

function missingOf(table: Missing['table'], id: string, fields: readonly string[], row: Record<string, string | null>): Missing[] {
  const out: Missing[] = [];
  for (const field of fields) {
    const text = row[field];
    if (!text || text.trim() === '' || row[`t_${field}`] !== null) continue;
    out.push({ table, id, field: field as Missing['field'], text, html: field === 'body' || looksLikeHtml(text) });
  }
  return out;
}

/** Every page and product field with text in the default language and none in `code`. */
export async function missingFields(sql: Sql, websiteId: string, code: string): Promise<Missing[]> {
  const [pages, products] = await Promise.all([
    sql<Record<string, string | null>[]>`
      select c.id, c.title, c.description, c.body, c.seo_title, c.seo_description,
             t.title as t_title, t.description as t_description, t.body as t_body,
             t.seo_title as t_seo_title, t.seo_description as t_seo_description
        from collection c left join collection_translation t on t.collection_id = c.id and t.language = ${code}
       where c.website_id = ${websiteId} and c.type = ${PAGE_TYPE} order by c.ordering, c.id`,
    sql<Record<string, string | null>[]>`
      select i.id, i.title, i.excerpt, i.body, t.title as t_title, t.excerpt as t_excerpt, t.body as t_body
        from item i join collection c on c.id = i.collection_id join product p on p.item_id = i.id
        left join item_translation t on t.item_id = i.id and t.language = ${code}
       where c.website_id = ${websiteId} order by c.ordering, i.ordering, i.id`,
  ]);
  return [
    ...pages.flatMap((r) => missingOf('collection', r.id!, Object.keys(COLLECTION_FIELDS), r)),
    ...products.flatMap((r) => missingOf('item', r.id!, Object.keys(ITEM_FIELDS), r)),
  ];
}

/** Batches of one kind (plain or HTML) within the service's limits per call. */
export function batches(fields: Missing[]): Missing[][] {
  const out: Missing[][] = [];
  for (const html of [false, true]) {
    let current: Missing[] = [];
    let chars = 0;
    for (const f of fields.filter((x) => x.html === html)) {
      // The service counts the request's bytes as JSON (escapes and UTF-8 included), not characters.
      const size = Buffer.byteLength(JSON.stringify(f.text));
      if (current.length > 0 && (current.length >= MAX_TEXTS_PER_CALL || chars + size > MAX_BYTES_PER_CALL)) {
        out.push(current);
        current = [];
        chars = 0;
      }
      current.push(f);
      chars += size;
    }
    if (current.length > 0) out.push(current);
  }
  return out;
}

function cleaned(f: Missing, translated: string): string | null {
  const limit = f.table === 'collection' ? COLLECTION_FIELDS[f.field as CollectionField] : ITEM_FIELDS[f.field as ItemField];
  // Cut before sanitising, so no tag or entity is cut in two; what sanitising makes longer than
  // the column takes is left for the editors.
  const cut = limit === null ? translated : translated.slice(0, limit);
  const text = f.html ? sanitizeOwnerHtml(cut) : cut.trim();
  if (text.trim() === '' || (limit !== null && text.length > limit)) return null;
  return text;
}

/**
 * Keeps one batch's translations where the field is still untranslated (an owner may have
 * written one meanwhile: theirs stays), marking each field it fills as machine-translated.
 */
async function store(sql: Sql, code: string, done: { f: Missing; text: string }[]): Promise<void> {
  const rows = new Map<string, { table: Missing['table']; id: string; values: Record<string, string> }>();
  for (const { f, text } of done) {
    const k = `${f.table}:${f.id}`;
    const row = rows.get(k) ?? { table: f.table, id: f.id, values: {} };
    row.values[f.field] = text;
    rows.set(k, row);
  }
  for (const r of rows.values()) {
    const v = (field: string) => r.values[field] ?? null;
    const filled = Object.keys(r.values);
    if (r.table === 'collection') {
      await sql`
        insert into collection_translation (collection_id, language, title, description, body, seo_title, seo_description, machine_fields)
        values (${r.id}, ${code}, ${v('title')}, ${v('description')}, ${v('body')}, ${v('seo_title')}, ${v('seo_description')}, ${filled})
        on conflict (collection_id, language) do update set
          title = coalesce(collection_translation.title, excluded.title),
          description = coalesce(collection_translation.description, excluded.description),
          body = coalesce(collection_translation.body, excluded.body),
          seo_title = coalesce(collection_translation.seo_title, excluded.seo_title),
          seo_description = coalesce(collection_translation.seo_description, excluded.seo_description),
          machine_fields = collection_translation.machine_fields || array_remove(array[
            case when collection_translation.title is null and excluded.title is not null then 'title' end,
            case when collection_translation.description is null and excluded.description is not null then 'description' end,
            case when collection_translation.body is null and excluded.body is not null then 'body' end,
            case when collection_translation.seo_title is null and excluded.seo_title is not null then 'seo_title' end,
            case when collection_translation.seo_description is null and excluded.seo_description is not null then 'seo_description' end
          ]::text[], null),
          updated_at = now()`;
    } else {
      await sql`
        insert into item_translation (item_id, language, title, excerpt, body, machine_fields)
        values (${r.id}, ${code}, ${v('title')}, ${v('excerpt')}, ${v('body')}, ${filled})
        on conflict (item_id, language) do update set
          title = coalesce(item_translation.title, excluded.title),
          excerpt = coalesce(item_translation.excerpt, excluded.excerpt),
          body = coalesce(item_translation.body, excluded.body),
          machine_fields = item_translation.machine_fields || array_remove(array[
            case when item_translation.title is null and excluded.title is not null then 'title' end,
            case when item_translation.excerpt is null and excluded.excerpt is not null then 'excerpt' end,
            case when item_translation.body is null and excluded.body is not null then 'body' end
          ]::text[], null),
          updated_at = now()`;
    }
  }
}

interface RunRow {
  id: string;
  website_id: string;
  language: string;
  state: RunState;
  fields_done: number;
}

async function finish(sql: Sql, runId: string, state: 'done' | 'failed', error: string | null = null): Promise<void> {
  await sql`update translation_run set state = ${state}, error = ${error}, updated_at = now() where id = ${runId}`;
}

const RETRIES = 3;
/** Longer than a run's last retry waits plus its job's time limit: an open run older than this is dead. */
const STALE_HOURS = 3;

async function translateMissing(data: { runId: string }, ctx: JobContext): Promise<void> {
  const { sql } = ctx;
  const [run] = await sql<RunRow[]>`
    select id, website_id, language, state, fields_done from translation_run where id = ${data.runId}`;
  if (!run || run.state === 'done' || run.state === 'failed') return;
  const [conn, langs] = await Promise.all([connectionKey(sql, run.website_id), readSiteLanguages(sql, run.website_id)]);
  if (!conn) return finish(sql, run.id, 'failed', MACHINE_TEXT.noConnection);
  if (!conn.key) return finish(sql, run.id, 'failed', MACHINE_TEXT.noKey);
  if (run.language === langs.defaultCode || !langs.codes.includes(run.language))
    return finish(sql, run.id, 'failed', MACHINE_TEXT.notOffered);
  const missing = await missingFields(sql, run.website_id, run.language);
  await sql`update translation_run set state = 'running', error = null, fields_total = ${run.fields_done + missing.length},
              updated_at = now() where id = ${run.id}`;
  try {
    for (const batch of batches(missing)) {
      // Read again before each call: an owner who disconnects or changes the key mid-run is obeyed.
      const current = await connectionKey(sql, run.website_id);
      if (!current?.key) return await finish(sql, run.id, 'failed', MACHINE_TEXT.noConnection);
      let out: string[];
      try {
        out = await deeplTranslate(
          current.key,
          batch.map((f) => f.text),
          langs.defaultCode,
          run.language,
          batch[0].html,
        );
      } catch (e) {
        // A batch the service will never take (a text too long for it): skipped, so the fields
        // after it are still translated; the skipped ones stay missing for the editors.
        if (!(e instanceof TranslationServiceError) || e.problem !== 'rejected') throw e;
        log.warn(`translations: run ${run.id}: DeepL rejected a batch of ${batch.length} field(s); skipped`);
        await sql`update translation_run set fields_done = fields_done + ${batch.length}, updated_at = now() where id = ${run.id}`;
        continue;
      }
      const done = batch.flatMap((f, i) => {
        const text = cleaned(f, out[i]);
        return text === null ? [] : [{ f, text }];
      });
      await store(sql, run.language, done);
      await sql`update translation_run set fields_done = fields_done + ${batch.length}, updated_at = now() where id = ${run.id}`;
      await storefrontChanged(sql, run.website_id);
    }
  } catch (e) {
    if (!(e instanceof TranslationServiceError)) {
      log.error(`translations: run ${run.id} failed: ${errorText(e)}`);
      if (ctx.retryCount < RETRIES) throw e;
      return finish(sql, run.id, 'failed', MACHINE_TEXT.stopped);
    }
    if (e.retryable && ctx.retryCount < RETRIES) {
      await sql`update translation_run set state = 'queued', error = ${MACHINE_TEXT.retrying(e.message)}, updated_at = now()
                 where id = ${run.id}`;
      throw e;
    }
    return finish(sql, run.id, 'failed', e.message);
  }
  await finish(sql, run.id, 'done');
}

/** One run's batches may take a while on a big site; a failed call is tried again from 1 min, doubling. */
export const translateMissingJob = defineJob<{ runId: string }>('translate-missing', translateMissing, {
  retryLimit: RETRIES,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 3600,
});

export type RunState = 'queued' | 'running' | 'done' | 'failed';

export interface TranslationRun {
  id: string;
  language: string;
  state: RunState;
  total: number;
  done: number;
  error: string | null;
  updatedAt: string;
}

/**
 * Starts translating what is missing in `code` (a language the site offers besides its default),
 * or says why not. The work runs in a job; its progress is in latestRuns.
 */
export async function startTranslation(
  a: OwnerAccess,
  code: string,
): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
  const websiteId = a.site.id;
  const langs = await readSiteLanguages(a.sql, websiteId);
  if (code === langs.defaultCode || !langs.codes.includes(code)) return { ok: false, error: MACHINE_TEXT.notOffered };
  const name = LANGUAGE_NAMES[code] ?? code;
  const conn = await connectionKey(a.sql, websiteId);
  if (!conn) return { ok: false, error: MACHINE_TEXT.noConnection };
  if (!conn.key) return { ok: false, error: MACHINE_TEXT.noKey };
  const missing = await missingFields(a.sql, websiteId, code);
  if (missing.length === 0) return { ok: false, error: MACHINE_TEXT.nothing(name) };
  // A run whose server stopped mid-way (and whose job ran out of tries) would block the language.
  await a.sql`
    update translation_run set state = 'failed', error = ${MACHINE_TEXT.stopped}, updated_at = now()
     where website_id = ${websiteId} and language = ${code} and state in ('queued', 'running')
       and updated_at < now() - ${`${STALE_HOURS} hours`}::interval`;
  const id = randomUUID();
  const made = await a.sql`
    insert into translation_run (id, website_id, language, state, fields_total, requested_by)
    values (${id}, ${websiteId}, ${code}, 'queued', ${missing.length}, ${a.actor})
    on conflict do nothing returning id`;
  if (made.length === 0) return { ok: false, error: MACHINE_TEXT.running(name) };
  try {
    await enqueue(a.sql, translateMissingJob, { runId: id }, { singletonKey: id });
  } catch (e) {
    log.error(`translations: queueing run ${id} failed: ${errorText(e)}`);
    await finish(a.sql, id, 'failed', MACHINE_TEXT.queueFailed);
    return { ok: false, error: MACHINE_TEXT.queueFailed };
  }
  await recordAudit(a.sql, actorOf(a), 'settings.update', `machine translation (${code})`, {
    section: 'languages',
    language: code,
    fields: missing.length,
  });
  return { ok: true, message: MACHINE_TEXT.started(name) };
}

/** The newest run of each language, for the Languages screen. */
export async function latestRuns(sql: Sql, websiteId: string): Promise<Record<string, TranslationRun>> {
  const rows = await sql<
    { id: string; language: string; state: RunState; fields_total: number; fields_done: number; error: string | null; updated_at: Date }[]
  >`
    select distinct on (language) id, language, state, fields_total, fields_done, error, updated_at
      from translation_run where website_id = ${websiteId} order by language, created_at desc`;
  return Object.fromEntries(
    rows.map((r) => [
      r.language,
      {
        id: r.id,
        language: r.language,
        state: r.state,
        total: r.fields_total,
        done: Math.min(r.fields_done, r.fields_total),
        error: r.error,
        updatedAt: new Date(r.updated_at).toISOString(),
      },
    ]),
  );
}
