// The owner's translation editors (issue 16): the forms for one language's fields of a page or a
// product, what each field may hold, and saving them (body HTML sanitised, audited, the storefront
// refreshed). Only a site's non-default languages are edited here: the default is the page itself.
// A translated URL slug follows the default slugs' rules and is unique in its language (ADR 0019).
// Each language's fields carry the version they were drawn at (ADR 0021): a save over a translation
// changed since (another owner, the translation service) is a 409 conflict keeping what was typed.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { sanitizeOwnerHtml } from '../edits/sanitize.server.js';
import { pageSlugProblem, productSlugProblem } from '../edits/slugs.js';
import { RESERVED_PAGE_SLUGS } from './languages.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import {
  checkedSave,
  conflictFor,
  VersionConflict,
  withConflict,
  type Conflict,
  type Db,
  type Versioned,
} from '../edits/versions.server.js';
import { LANGUAGE_NAMES } from './languages.js';
import { readSiteLanguages } from './settings.server.js';
import { readCollectionTranslation, readItemTranslation, writeCollectionTranslation, writeItemTranslation } from './translations.server.js';
import { parseForm, readForm, refusedReply, replyTo, UNREADABLE_FORM } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const TRANSLATION_TEXT = {
  notOffered: 'This site does not offer that language. Add it on the Languages screen first.',
  saved: (name: string) => `${name} saved.`,
  invalid: UI_TEXT.invalidForm,
  pageSlugTaken: (code: string, slug: string) => `This site already has a page at /${code}/${slug}.`,
  productSlugTaken: (name: string) => `Another product in this collection already uses this URL slug in ${name}.`,
};

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max.toLocaleString('en')} characters.`)
    .default('');
const html = z.string().max(200_000, 'The text is too long (at most 200,000 characters of HTML).').default('');

/** A translated slug: lower-cased, blank for "keep the default slug", else `problem`'s verdict. */
const slug = (max: number, problem: (s: string) => string | null) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(max, `An address is at most ${max} characters.`)
    .default('')
    .superRefine((s, ctx) => {
      const p = s === '' ? null : problem(s);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });

export const PageTranslationForm = z.object({
  title: text(200, 'A title'),
  slug: slug(63, (s) => pageSlugProblem(s, RESERVED_PAGE_SLUGS)),
  description: text(2000, 'A description'),
  body: html,
  seoTitle: text(200, 'An SEO title'),
  seoDescription: text(500, 'An SEO description'),
});
export type PageTranslationInput = z.infer<typeof PageTranslationForm>;

export const ProductTranslationForm = z.object({
  title: text(200, 'A title'),
  slug: slug(100, productSlugProblem),
  excerpt: text(2000, 'A summary'),
  body: html,
});
export type ProductTranslationInput = z.infer<typeof ProductTranslationForm>;

/** A translation editor's post: saved, or refused (400) with the errors beside their fields and what
 *  was typed, or (409) over a translation changed since the form was drawn. */
export type TranslationPost =
  | { ok: true }
  /** Refused: Conform's reply to the post as typed (with the conflict, on 409), and its status. */
  | { ok: false; status: 400 | 409; reply: ReturnType<typeof withConflict> };

/** Saves the checked fields; `guard` runs in the save's transaction once the page or product is locked. */
type TranslationSave<V> = (value: V, guard: (tx: Db) => Promise<void>) => Promise<Record<string, string> | null>;

/**
 * Reads an editor's form, checks it against `schema` and, when it is good, hands it to `save`,
 * which may still refuse it with errors by field (a slug another page has). With `versioned`, the
 * form's stamp is checked in the save (and "apply only my changes" saves the translation as it is
 * now with the owner's fields on top).
 */
export async function postTranslation<S extends z.ZodTypeAny, R>(
  request: Request,
  schema: S,
  save: TranslationSave<z.infer<S>>,
  check?: { db: Db; versioned: Versioned<R> },
): Promise<TranslationPost> {
  const form = await readForm(request);
  if (!form) return { ok: false, status: 400, reply: withConflict(refusedReply()) };
  const checked = check ? await checkedSave(check.db, form, check.versioned) : null;
  if (checked?.kind === 'missing') return { ok: false, status: 400, reply: withConflict(refusedReply(UNREADABLE_FORM, form)) };
  const submission = parseForm(checked?.post ?? form, schema);
  // Every refusal keeps the form as the owner sent it (`form`), not the merged post that was checked.
  const refuse = (status: 400 | 409, formError: string | null, fieldErrors?: Record<string, string>, conflict?: Conflict | null) => ({
    ok: false as const,
    status,
    reply: withConflict(replyTo(submission, form, { formError, fieldErrors }), conflict),
  });
  if (submission.status !== 'success') return refuse(400, TRANSLATION_TEXT.invalid);
  try {
    const refused = await save(submission.value, checked?.guard ?? (async () => {}));
    if (refused) return refuse(400, TRANSLATION_TEXT.invalid, refused);
  } catch (e) {
    if (!(e instanceof VersionConflict) || !check) throw e;
    return refuse(409, null, undefined, await conflictFor(check.db, form, check.versioned));
  }
  return { ok: true };
}

const TRANSLATION_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'URL slug',
  description: 'Description',
  excerpt: 'Summary',
  body: 'Body',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
};

/** One language's fields as its editor posts them untouched (a blank field: the default's text). */
type TranslationRecord = Record<string, string>;

/** A page's fields in language `code` as a versioned record (issue 28, ADR 0021). */
export function pageTranslationVersioned(websiteId: string, pageId: string, code: string): Versioned<TranslationRecord> {
  return {
    thing: 'translation',
    websiteId,
    load: async (db) => {
      const t = await readCollectionTranslation(db, pageId, code);
      return {
        title: t.title ?? '',
        slug: t.slug ?? '',
        description: t.description ?? '',
        body: t.body ?? '',
        seoTitle: t.seoTitle ?? '',
        seoDescription: t.seoDescription ?? '',
      };
    },
    fields: (r) => new URLSearchParams(r),
    label: (f) => TRANSLATION_LABELS[f] ?? f,
    audit: () => ({ targets: [`${pageId} (${code})`] }),
  };
}

/** A product's fields in language `code` as a versioned record. */
export function productTranslationVersioned(websiteId: string, itemId: string, code: string): Versioned<TranslationRecord> {
  return {
    thing: 'translation',
    websiteId,
    load: async (db) => {
      const t = await readItemTranslation(db, itemId, code);
      return { title: t.title ?? '', slug: t.slug ?? '', excerpt: t.excerpt ?? '', body: t.body ?? '' };
    },
    fields: (r) => new URLSearchParams(r),
    label: (f) => TRANSLATION_LABELS[f] ?? f,
    audit: () => ({ targets: [`${itemId} (${code})`] }),
  };
}

/**
 * Whether another page of the site is at /{code}/{slug}: a page's address in a language is its
 * slug there, else its default one (so a translated slug never hides another page's).
 */
export async function pageSlugTaken(sql: Sql, websiteId: string, pageId: string, code: string, slug: string): Promise<boolean> {
  const [hit] = await sql`
    select 1 from collection c left join collection_translation t on t.collection_id = c.id and t.language = ${code}
     where c.website_id = ${websiteId} and c.id <> ${pageId} and coalesce(t.slug, c.url_id) = ${slug} limit 1`;
  return hit !== undefined;
}

/** Whether another product of the same collection has `slug` in language `code` (its own there, else its default). */
export async function productSlugTaken(sql: Sql, itemId: string, code: string, slug: string): Promise<boolean> {
  const [hit] = await sql`
    select 1 from item i left join item_translation t on t.item_id = i.id and t.language = ${code}
     where i.collection_id = (select collection_id from item where id = ${itemId}) and i.id <> ${itemId}
       and coalesce(t.slug, i.url_id) = ${slug} limit 1`;
  return hit !== undefined;
}

/** A language the site offers besides its default, with its name; null otherwise. */
export async function translatableLanguage(sql: Sql, websiteId: string, code: string): Promise<{ code: string; name: string } | null> {
  const langs = await readSiteLanguages(sql, websiteId);
  if (code === langs.defaultCode || !langs.codes.includes(code)) return null;
  return { code, name: LANGUAGE_NAMES[code] ?? code };
}

/** The site's languages other than the default, for links to the editors. */
export async function otherLanguages(sql: Sql, websiteId: string): Promise<{ code: string; name: string }[]> {
  const langs = await readSiteLanguages(sql, websiteId);
  return langs.codes.filter((c) => c !== langs.defaultCode).map((code) => ({ code, name: LANGUAGE_NAMES[code] ?? code }));
}

/** Saves a page's fields in a language; refused (nothing saved) when its slug is another page's there. */
export async function savePageTranslation(
  a: OwnerAccess,
  pageId: string,
  code: string,
  v: PageTranslationInput,
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<Record<string, string> | null> {
  if (v.slug !== '' && (await pageSlugTaken(a.sql, a.site.id, pageId, code, v.slug)))
    return { slug: TRANSLATION_TEXT.pageSlugTaken(code, v.slug) };
  const body = sanitizeOwnerHtml(v.body);
  // The page's row is the lock: the translation's own row may not exist yet.
  await a.sql.begin(async (tx) => {
    await tx`select 1 from collection where id = ${pageId} and website_id = ${a.site.id} for update`;
    await guard(tx);
    await writeCollectionTranslation(tx, pageId, code, {
      title: v.title,
      slug: v.slug,
      description: v.description,
      body,
      seoTitle: v.seoTitle,
      seoDescription: v.seoDescription,
    });
  });
  await recordAudit(a.sql, actorOf(a), 'page.translate', `${pageId} (${code})`, { language: code });
  await storefrontChanged(a.sql, a.site.id);
  return null;
}

/** Saves a product's fields in a language; refused when its slug is another product's of the collection there. */
export async function saveProductTranslation(
  a: OwnerAccess,
  itemId: string,
  code: string,
  v: ProductTranslationInput,
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<Record<string, string> | null> {
  if (v.slug !== '' && (await productSlugTaken(a.sql, itemId, code, v.slug)))
    return { slug: TRANSLATION_TEXT.productSlugTaken(LANGUAGE_NAMES[code] ?? code) };
  const body = sanitizeOwnerHtml(v.body);
  await a.sql.begin(async (tx) => {
    await tx`select 1 from item where id = ${itemId} for update`;
    await guard(tx);
    await writeItemTranslation(tx, itemId, code, { title: v.title, slug: v.slug, excerpt: v.excerpt, body });
  });
  await recordAudit(a.sql, actorOf(a), 'product.translate', `${itemId} (${code})`, { language: code });
  await storefrontChanged(a.sql, a.site.id);
  return null;
}
