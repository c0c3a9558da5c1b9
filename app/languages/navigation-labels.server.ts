// Menu labels in a site's other languages (ADR 0019): the owner gives a label in a language for a
// link's default-language text ("Shop" -> "Boutique"), kept by that text so it follows the link
// wherever the menus move it. A link without one shows the translated title of the page it links
// to, else its default label. The editor's rows, checks and save (audited, storefront refreshed),
// versioned as every owner form is (issue 28, ADR 0021).
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { linkPath, MENU_LABELS, MENU_NAMES, readMenus, type StoredLink } from '../catalog/menus.server.js';
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
import { parseForm, readForm, refusedReply, replyTo, UNREADABLE_FORM } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const MAX_LABEL = 100;

export const NAV_LABEL_TEXT = {
  tooLong: `A label is at most ${MAX_LABEL} characters.`,
  gone: 'This link is no longer in the menus: reload the page to see them as they are.',
  invalid: UI_TEXT.invalidForm,
  refused: 'Your role cannot change the navigation visitors see; an editor can.',
  saved: (name: string) => `Navigation labels in ${name} saved.`,
};

/** One default label of the menus, with where it is and what French (say) pages show for it now. */
export interface LabelRow {
  /** The link's default-language text: the key of its labels. */
  title: string;
  /** The menus and paths it is on, for the owner to recognise it ("Main navigation: /shop"). */
  where: string;
  /** The owner's label in the language ('' when none). */
  label: string;
  /** What a link without a label shows: the linked page's translated title, else null (the default label). */
  fallback: string | null;
}

function walk(items: StoredLink[], visit: (l: StoredLink) => void): void {
  for (const i of items) {
    visit(i);
    walk(i.children, visit);
  }
}

/** Every distinct default label of the main and footer menus, in menu order, with its label in `code`. */
export async function navigationLabelRows(sql: Sql, websiteId: string, code: string): Promise<LabelRow[]> {
  const [menus, labels, titles] = await Promise.all([
    readMenus(sql, websiteId),
    sql<{ title: string; label: string }[]>`
      select title, label from navigation_translation where website_id = ${websiteId} and language = ${code}`,
    sql<{ url_id: string; title: string }[]>`
      select c.url_id, t.title from collection_translation t join collection c on c.id = t.collection_id
       where c.website_id = ${websiteId} and t.language = ${code} and t.title is not null`,
  ]);
  const labelOf = new Map(labels.map((l) => [l.title, l.label]));
  const pageTitle = new Map(titles.map((t) => [`/${t.url_id}`, t.title]));
  const rows = new Map<string, LabelRow>();
  for (const name of MENU_NAMES) {
    walk(menus.get(name) ?? [], (l) => {
      const where = `${MENU_LABELS[name]}: ${l.url}`;
      const row = rows.get(l.title);
      if (row) {
        if (!row.where.includes(where)) row.where += `; ${where}`;
        row.fallback ??= pageTitle.get(linkPath(l.url)) ?? null;
        return;
      }
      rows.set(l.title, { title: l.title, where, label: labelOf.get(l.title) ?? '', fallback: pageTitle.get(linkPath(l.url)) ?? null });
    });
  }
  return [...rows.values()];
}

const Form = z.object({
  items: z
    .array(
      z
        .object({
          title: z.string().max(1000).default(''),
          label: z.string().trim().max(MAX_LABEL, NAV_LABEL_TEXT.tooLong).default(''),
        })
        // A post of some rows only (items[3] without items[0..2]) leaves the others as they are.
        .optional(),
    )
    .max(500)
    .default([]),
});

/**
 * The labels in `code` as a versioned record: the rows as the editor posts them untouched (each
 * link's default text and its label), so a save over a label another owner (or a translation job)
 * wrote since the editor was drawn is a conflict, and a change of the menus' links is one too.
 */
export function navigationLabelsVersioned(websiteId: string, code: string): Versioned<LabelRow[]> {
  // The default texts of the rows last read, to name a field ("items[2].label") by its link's text.
  let titles: string[] = [];
  return {
    thing: 'translation',
    websiteId,
    // The save's transaction, typed as the pool: the rows are only read.
    load: async (db: Db) => {
      const rows = await navigationLabelRows(db as unknown as Sql, websiteId, code);
      titles = rows.map((r) => r.title);
      return rows;
    },
    fields: (rows) => {
      const out = new URLSearchParams();
      rows.forEach((r, i) => {
        out.set(`items[${i}].title`, r.title);
        out.set(`items[${i}].label`, r.label);
      });
      return out;
    },
    label: (field) => {
      const i = /^items\[(\d+)\]\./.exec(field)?.[1];
      return i === undefined ? field : (titles[Number(i)] ?? `Link ${Number(i) + 1}`);
    },
    audit: () => ({ targets: [`navigation (${code})`] }),
  };
}

export type NavLabelPost =
  | { ok: true }
  /** Refused: Conform's reply to the post as typed (with what changed and by whom, on 409), and its status. */
  | { ok: false; status: number; reply: ReturnType<typeof withConflict> };

/**
 * Reads the editor's post and saves the labels in `code` (a blank one is removed, so the link falls
 * back); refused with the errors by field and what was typed, or with a 403 for a role that cannot
 * publish the navigation.
 */
export async function postNavigationLabels(a: OwnerAccess, request: Request, code: string): Promise<NavLabelPost> {
  const form = await readForm(request);
  if (!form) return { ok: false, status: 400, reply: withConflict(refusedReply()) };
  // Checked against the version the editor was drawn at; "apply only my changes" saves the labels
  // as they are now with only the owner's on top.
  const versioned = navigationLabelsVersioned(a.site.id, code);
  if (!a.can('pages.publish')) return { ok: false, status: 403, reply: withConflict(refusedReply(NAV_LABEL_TEXT.refused, form)) };
  const checked = await checkedSave(a.sql, form, versioned);
  if (checked.kind === 'missing') return { ok: false, status: 400, reply: withConflict(refusedReply(UNREADABLE_FORM, form)) };
  const parsed = parseForm(checked.post, Form);
  // Every refusal keeps the form as the owner sent it (`form`), not the merged post that was checked.
  const refuse = (status: number, formError: string | null, fieldErrors?: Record<string, string>, conflict?: Conflict | null) => ({
    ok: false as const,
    status,
    reply: withConflict(replyTo(parsed, form, { formError, fieldErrors }), conflict),
  });
  if (parsed.status !== 'success') return refuse(400, NAV_LABEL_TEXT.invalid);
  const current = new Set((await navigationLabelRows(a.sql, a.site.id, code)).map((r) => r.title));
  const fields: Record<string, string> = {};
  parsed.value.items.forEach((r, i) => {
    if (r && !current.has(r.title) && r.label !== '') fields[`items[${i}].label`] = NAV_LABEL_TEXT.gone;
  });
  if (Object.keys(fields).length > 0) return refuse(400, NAV_LABEL_TEXT.invalid, fields);
  const rows = parsed.value.items.filter((r): r is { title: string; label: string } => r !== undefined && current.has(r.title));
  try {
    await a.sql.begin(async (tx) => {
      // The website row is the lock (a label's own row may not exist yet); the version check first.
      await tx`select 1 from website where id = ${a.site.id} for update`;
      await checked.guard(tx);
      for (const r of rows) {
        if (r.label === '') {
          await tx`delete from navigation_translation where website_id = ${a.site.id} and language = ${code} and title = ${r.title}`;
        } else {
          await tx`
            insert into navigation_translation (website_id, language, title, label) values (${a.site.id}, ${code}, ${r.title}, ${r.label})
            on conflict (website_id, language, title) do update set label = excluded.label, updated_at = now()`;
        }
      }
    });
  } catch (e) {
    if (!(e instanceof VersionConflict)) throw e;
    const conflict = await conflictFor(a.sql, form, versioned);
    return refuse(409, null, undefined, conflict);
  }
  await recordAudit(a.sql, actorOf(a), 'navigation.translate', `navigation (${code})`, {
    language: code,
    labels: rows.filter((r) => r.label !== '').length,
  });
  await storefrontChanged(a.sql, a.site.id);
  return { ok: true };
}
