// Theme versions (issue 13): every save of the theme editor is a new version holding the whole
// theme; publishing a version copies it into theme_template (what visitors get) and drops every
// process's caches; reverting saves an old version again as the newest. Checks are run by the
// caller (app/storefront/theme-check.server.ts) and stored with the version.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { missingCollectionTemplates } from '../sites/collection-templates.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';

export type ThemeFileKind = 'layout' | 'page' | 'partial' | 'stylesheet';

export interface ThemeFile {
  name: string;
  kind: ThemeFileKind;
  source: string;
}

/** What a check on save found in one template. */
export interface ThemeProblem {
  template: string;
  line: number | null;
  column: number | null;
  message: string;
  /** A syntax error or a render stopped by the budget: the version cannot be published. */
  blocking: boolean;
}

export interface ThemeVersionSummary {
  version: number;
  savedBy: string;
  savedAt: string;
  note: string;
  problems: ThemeProblem[];
  publishable: boolean;
  publishedAt: string | null;
}

export interface ThemeVersion extends ThemeVersionSummary {
  templates: ThemeFile[];
}

export const THEME_TEXT = {
  noSuchVersion: 'There is no such version of the theme.',
  noSuchTemplate: 'There is no such template in the theme.',
  saved: (n: number) => `Saved as version ${n}.`,
  savedWithProblems: (n: number) => `Saved as version ${n}, which cannot be published until the problems below are fixed.`,
  published: (n: number) => `Version ${n} is live.`,
  reverted: (n: number, from: number) => `Version ${from} was saved again as version ${n}.`,
  notPublishable: (n: number, p: ThemeProblem) => `Version ${n} cannot be published: ${describeProblem(p)}`,
  note: 'Keep the note under 200 characters.',
  tooLong: 'A template can be at most 1,000,000 characters long.',
  stale: (n: number) =>
    `Someone saved version ${n} of the theme after you opened this template. Your text is kept in the editor below, their version of it under the message: saving now puts your text over theirs.`,
};

/** "product, line 3, column 5: Render stopped: ..." */
export function describeProblem(p: ThemeProblem): string {
  const where = p.line !== null ? `, line ${p.line}, column ${p.column ?? 1}` : '';
  return `${p.template}${where}: ${p.message}`;
}

export class ThemeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The editor's form: one template's source and an optional note. */
export const SaveForm = z.object({
  intent: z.literal('save'),
  source: z.string().max(1_000_000, THEME_TEXT.tooLong).default(''),
  note: z.string().trim().max(200, THEME_TEXT.note).default(''),
  /** The version the editor was opened on: a save over a newer one would undo someone's work. */
  base: z.string().regex(/^\d+$/).optional(),
});

interface Row {
  version: number;
  templates: ThemeFile[];
  saved_by: string;
  saved_at: Date;
  note: string;
  problems: ThemeProblem[];
  publishable: boolean;
  published_at: Date | null;
}

function summary(r: Omit<Row, 'templates'>): ThemeVersionSummary {
  return {
    version: r.version,
    savedBy: r.saved_by,
    savedAt: r.saved_at.toISOString(),
    note: r.note,
    problems: r.problems,
    publishable: r.publishable,
    publishedAt: r.published_at?.toISOString() ?? null,
  };
}

const KIND_ORDER: Record<ThemeFileKind, number> = { layout: 0, page: 1, partial: 2, stylesheet: 3 };

/** Layout first, then pages, partials and the stylesheet, each by name. */
export function sortFiles(files: ThemeFile[]): ThemeFile[] {
  return [...files].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));
}

/**
 * Makes version 1 from the live templates when the site has no version yet (sites made before
 * versions, and sites made since from the seed theme): it is what visitors get, so it counts as
 * published. A site from before blogs and events renders those from its starting theme's files
 * (app/sites/collection-templates.server.ts): they join version 1, so the owner can edit them too.
 */
export async function ensureFirstVersion(sql: Sql, websiteId: string): Promise<void> {
  const [has] = await sql`select 1 from theme_version where website_id = ${websiteId} limit 1`;
  if (has) return;
  const live = await sql<ThemeFile[]>`select name, kind, source from theme_template where website_id = ${websiteId}`;
  const rows = [...live, ...(missingCollectionTemplates(live) as ThemeFile[])];
  await sql`
    insert into theme_version (website_id, version, templates, saved_by, note, publishable, published_at)
    values (${websiteId}, 1, ${sql.json(sortFiles(rows) as never)}, 'system', 'The theme as it was when versions began', true, now())
    on conflict do nothing`;
}

/** Every version of the site's theme, newest first (without sources). */
export async function listVersions(sql: Sql, websiteId: string): Promise<ThemeVersionSummary[]> {
  await ensureFirstVersion(sql, websiteId);
  const rows = await sql<Omit<Row, 'templates'>[]>`
    select version, saved_by, saved_at, note, problems, publishable, published_at
      from theme_version where website_id = ${websiteId} order by version desc`;
  return rows.map(summary);
}

export async function getVersion(sql: Sql, websiteId: string, version: number): Promise<ThemeVersion | null> {
  if (!Number.isSafeInteger(version) || version < 1) return null;
  await ensureFirstVersion(sql, websiteId);
  const [r] = await sql<Row[]>`
    select version, templates, saved_by, saved_at, note, problems, publishable, published_at
      from theme_version where website_id = ${websiteId} and version = ${version}`;
  return r ? { ...summary(r), templates: r.templates } : null;
}

/** The newest version: the draft the editor works on. */
export async function latestVersion(sql: Sql, websiteId: string): Promise<ThemeVersion> {
  await ensureFirstVersion(sql, websiteId);
  const [r] = await sql<Row[]>`
    select version, templates, saved_by, saved_at, note, problems, publishable, published_at
      from theme_version where website_id = ${websiteId} order by version desc limit 1`;
  return { ...summary(r), templates: r.templates };
}

/** The number of the version visitors get (the one published last). */
export function liveVersion(versions: ThemeVersionSummary[]): number | null {
  let live: ThemeVersionSummary | null = null;
  for (const v of versions) if (v.publishedAt !== null && (live === null || v.publishedAt > live.publishedAt!)) live = v;
  return live?.version ?? null;
}

/** The theme with one template's source replaced; throws for a template the theme does not have. */
export function withSource(files: ThemeFile[], name: string, source: string): ThemeFile[] {
  if (!files.some((f) => f.name === name)) throw new ThemeError(404, THEME_TEXT.noSuchTemplate);
  return files.map((f) => (f.name === name ? { ...f, source } : f));
}

/** The newest version moved on since the one a save was built from (another save landed first). */
export class ThemeMoved extends Error {
  constructor(readonly latest: number) {
    super(`The theme is at version ${latest} now.`);
  }
}

/**
 * Stores a new version (the next number) with what the checks found; returns its number. The number
 * is taken under the website row's lock, so saves at once land as successive versions and never
 * race for one number. `builtOn`: the version `files` were made from (one template replaced); when
 * another save landed since, nothing is written and ThemeMoved is thrown, since storing `files` would
 * drop that save's change to the other templates.
 */
export async function saveVersion(
  a: OwnerAccess,
  files: ThemeFile[],
  note: string,
  problems: ThemeProblem[],
  audit: { action: string; target: string },
  builtOn?: number,
): Promise<number> {
  const publishable = !problems.some((p) => p.blocking);
  const version = await a.sql.begin(async (tx) => {
    await tx`select 1 from website where id = ${a.site.id} for update`;
    const [top] = await tx<{ n: number }[]>`
      select coalesce(max(version), 0)::int as n from theme_version where website_id = ${a.site.id}`;
    if (builtOn !== undefined && top.n !== builtOn) throw new ThemeMoved(top.n);
    await tx`
      insert into theme_version (website_id, version, templates, saved_by, note, problems, publishable)
      values (${a.site.id}, ${top.n + 1}, ${tx.json(sortFiles(files) as never)}, ${a.actor}, ${note},
              ${tx.json(problems as never)}, ${publishable})`;
    return top.n + 1;
  });
  await recordAudit(a.sql, actorOf(a), audit.action, audit.target, { version, publishable, note });
  return version;
}

/**
 * Makes `version` what visitors get: its sources replace theme_template in one transaction, and
 * every process drops the site's cached pages. A version the checks refused is not published.
 */
export async function publishVersion(a: OwnerAccess, version: number): Promise<void> {
  const v = await getVersion(a.sql, a.site.id, version);
  if (!v) throw new ThemeError(404, THEME_TEXT.noSuchVersion);
  const blocking = v.problems.find((p) => p.blocking);
  if (!v.publishable || blocking) {
    throw new ThemeError(400, blocking ? THEME_TEXT.notPublishable(version, blocking) : THEME_TEXT.noSuchVersion);
  }
  await a.sql.begin(async (tx) => {
    await tx`delete from theme_template where website_id = ${a.site.id}`;
    for (const f of v.templates) {
      await tx`insert into theme_template (website_id, name, kind, source) values (${a.site.id}, ${f.name}, ${f.kind}, ${f.source})`;
    }
    await tx`update theme_version set published_at = now() where website_id = ${a.site.id} and version = ${version}`;
  });
  await storefrontChanged(a.sql, a.site.id);
  await recordAudit(a.sql, actorOf(a), 'theme.publish', `version ${version}`, { version });
}
