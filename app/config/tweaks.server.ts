// The tweak screen's work (/config/tweaks/$type): a tweak's saved values for the form, the forms
// the popup may offer, and the save (a new popup version on request, so visitors who closed the
// popup see it again), audited, with the storefront's caches dropped. Each tweak's form carries the
// version it was drawn at (issue 28): a save over a tweak changed since is refused.
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { listForms } from '../forms/forms.server.js';
import { loadForm } from '../forms/stored-forms.server.js';
import { visitorPostSubmitHtml } from '../forms/page-forms.server.js';
import type { PreviewForm } from '../overlays/preview.js';
import { readTweaks } from '../overlays/tweak-store.server.js';
import { TWEAK_FIELDS, TWEAK_LABELS, tweakFormValues, type Tweaks, type TweakType } from '../overlays/tweaks.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import type { Db, Versioned } from '../edits/versions.server.js';

export interface TweakScreen {
  values: Record<string, string>;
  /** The style tweak's values, which every overlay's preview uses. */
  style: Record<string, string>;
  /** The popup's version now (SPEC 9's `version`). */
  version: number;
  /** The site's forms, for the popup's newsletter form, with what the preview renders of each. */
  forms: PreviewForm[];
}

/** A tweak's form values as saved (the popup's without its version, which its form does not post). */
async function tweakValues(db: Db, websiteId: string, type: TweakType): Promise<Record<string, string>> {
  // A transaction is typed apart from the pool; readTweaks only reads.
  const tweaks = await readTweaks(db as unknown as Sql, websiteId);
  const { version: _version, ...popup } = tweaks['popup-overlay'];
  return tweakFormValues(type === 'popup-overlay' ? popup : tweaks[type]);
}

/** Tweak `type` of the site as a versioned record: the fields its form posts. */
export function tweakVersioned(websiteId: string, type: TweakType): Versioned<Record<string, string>> {
  const fields = TWEAK_FIELDS[type];
  const labels = new Map<string, string>([...fields.map((f): [string, string] => [f.name, f.label]), ['newVersion', 'Show it again']]);
  // An unticked box is not posted; an empty text is (posted empty, not left to the schema's default).
  const posted = (k: string, v: string) => fields.some((f) => f.name === k && (f.kind !== 'checkbox' || v !== ''));
  return {
    thing: `${TWEAK_LABELS[type]} tweak`,
    websiteId,
    load: (db) => tweakValues(db, websiteId, type),
    fields: (values) => new URLSearchParams(Object.entries(values).filter(([k, v]) => posted(k, v))),
    label: (f) => labels.get(f) ?? f,
    audit: () => ({ targets: [TWEAK_LABELS[type]] }),
  };
}

export async function tweakScreen(sql: Sql, websiteId: string, type: TweakType): Promise<TweakScreen> {
  const [tweaks, forms] = await Promise.all([readTweaks(sql, websiteId), type === 'popup-overlay' ? listForms(sql, websiteId) : []]);
  const { version, ...popup } = tweaks['popup-overlay'];
  const settings = type === 'popup-overlay' ? popup : tweaks[type];
  return {
    values: tweakFormValues(settings),
    style: tweakFormValues(tweaks.style),
    version,
    forms: (await Promise.all(forms.map((f) => loadForm(sql, websiteId, f.id)))).flatMap((f, i) =>
      f ? [{ id: f.id, name: forms[i].name, definition: f.definition, postSubmitHtml: visitorPostSubmitHtml(f.definition) }] : [],
    ),
  };
}

/** Whether `formId` is one of the site's forms ('' is "no form"). */
export async function isSiteForm(sql: Sql, websiteId: string, formId: string): Promise<boolean> {
  if (formId === '') return true;
  const rows = await sql`select 1 from form where id = ${formId} and website_id = ${websiteId}`;
  return rows.length > 0;
}

/**
 * Saves one tweak; `newVersion` (the popup only) makes the popup show again to everyone. `guard`
 * runs once the site's tweaks are locked (the website row: a tweak's row may not exist yet) and
 * throws VersionConflict when the tweak changed since its form was drawn (issue 28).
 */
export async function saveTweak<T extends TweakType>(
  a: OwnerAccess,
  type: T,
  settings: Tweaks[T],
  newVersion = false,
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<number> {
  const { version: _drop, ...stored } = settings as Tweaks[T] & { version?: number };
  const bump = type === 'popup-overlay' && newVersion;
  const row = await a.sql.begin(async (tx) => {
    await tx`select 1 from website where id = ${a.site.id} for update`;
    await guard(tx);
    const [r] = await tx<{ version: number }[]>`
      insert into site_tweak (website_id, type, settings)
      values (${a.site.id}, ${type}, ${tx.json(stored as never)})
      on conflict (website_id, type) do update set
        settings = excluded.settings,
        version = site_tweak.version + ${bump ? 1 : 0},
        updated_at = now()
      returning version`;
    return r;
  });
  await recordAudit(a.sql, actorOf(a), 'tweak.update', TWEAK_LABELS[type], { ...stored, ...(bump ? { version: row.version } : {}) });
  await storefrontChanged(a.sql, a.site.id);
  return row.version;
}
