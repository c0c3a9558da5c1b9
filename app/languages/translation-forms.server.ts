// The owner's translation editors (issue 16): the forms for one language's fields of a page or a
// product, what each field may hold, and saving them (body HTML sanitised, audited, the storefront
// refreshed). Only a site's non-default languages are edited here: the default is the page itself.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/access.server.js';
import { actorOf, recordAudit } from '../config/audit.server.js';
import { sanitizeOwnerHtml } from '../config/sanitize.server.js';
import { storefrontChanged } from '../config/storefront-changed.server.js';
import { LANGUAGE_NAMES } from './languages.js';
import { readSiteLanguages } from './settings.server.js';
import { writeCollectionTranslation, writeItemTranslation } from './translations.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';

export const TRANSLATION_TEXT = {
  notOffered: 'This site does not offer that language. Add it on the Languages screen first.',
  saved: (name: string) => `${name} saved.`,
  invalid: 'Update the missing or invalid information above.',
};

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max.toLocaleString('en')} characters.`)
    .default('');
const html = z.string().max(200_000, 'The text is too long (at most 200,000 characters of HTML).').default('');

export const PageTranslationForm = z.object({
  title: text(200, 'A title'),
  description: text(2000, 'A description'),
  body: html,
  seoTitle: text(200, 'An SEO title'),
  seoDescription: text(500, 'An SEO description'),
});
export type PageTranslationInput = z.infer<typeof PageTranslationForm>;

export const ProductTranslationForm = z.object({
  title: text(200, 'A title'),
  excerpt: text(2000, 'A summary'),
  body: html,
});
export type ProductTranslationInput = z.infer<typeof ProductTranslationForm>;

/** A translation editor's post: saved, or refused with the errors beside their fields and what was typed. */
export type TranslationPost = { ok: true } | { ok: false; error: string; fields: Record<string, string>; typed: Record<string, string> };

/** Reads an editor's form, checks it against `schema` and, when it is good, hands it to `save`. */
export async function postTranslation<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  save: (value: z.infer<S>) => Promise<void>,
): Promise<TranslationPost> {
  const form = await readForm(request);
  if (!form) return { ok: false, error: 'The form could not be read.', fields: {}, typed: {} };
  const typed: Record<string, string> = Object.fromEntries(form);
  const parsed = parseForm(form, schema);
  if (parsed.status !== 'success')
    return { ok: false, error: TRANSLATION_TEXT.invalid, fields: firstErrors(parsed.error ?? undefined), typed };
  await save(parsed.value);
  return { ok: true };
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

export async function savePageTranslation(a: OwnerAccess, pageId: string, code: string, v: PageTranslationInput): Promise<void> {
  await writeCollectionTranslation(a.sql, pageId, code, {
    title: v.title,
    description: v.description,
    body: sanitizeOwnerHtml(v.body),
    seoTitle: v.seoTitle,
    seoDescription: v.seoDescription,
  });
  await recordAudit(a.sql, actorOf(a), 'page.translate', `${pageId} (${code})`, { language: code });
  await storefrontChanged(a.sql, a.site.id);
}

export async function saveProductTranslation(a: OwnerAccess, itemId: string, code: string, v: ProductTranslationInput): Promise<void> {
  await writeItemTranslation(a.sql, itemId, code, { title: v.title, excerpt: v.excerpt, body: sanitizeOwnerHtml(v.body) });
  await recordAudit(a.sql, actorOf(a), 'product.translate', `${itemId} (${code})`, { language: code });
  await storefrontChanged(a.sql, a.site.id);
}
