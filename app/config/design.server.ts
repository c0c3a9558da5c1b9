// The Design screen's work (/config/design): the site's fonts and colours read into the form, the
// form's schema (colours typed as hex, rgb() or hsl(), normalised; SPEC's bounds messages), and
// the save into website.settings.design, audited, with the storefront's caches dropped.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { paletteOf, parseColour } from '../design/colour.js';
import { COLOUR_ROLES, designOf, FONT_ROLES, type Design } from '../design/design.js';
import { fontById } from '../design/fonts.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import type { Db, Versioned } from '../edits/versions.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const DESIGN_TEXT = {
  invalid: UI_TEXT.invalidForm,
  badFont: 'Choose a font from the list.',
  saved: 'Design saved.',
};

const font = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const id = v.trim();
    if (id === '') return null;
    if (!fontById(id)) {
      ctx.addIssue({ code: 'custom', message: DESIGN_TEXT.badFont });
      return z.NEVER;
    }
    return id;
  });

const colour = z
  .string()
  .default('')
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const c = parseColour(v);
    if (!c.ok) {
      ctx.addIssue({ code: 'custom', message: c.error });
      return z.NEVER;
    }
    return c.css;
  });

/** The form: a font id or nothing (the theme's) per font role, a colour or nothing per colour role. */
export const DesignForm = z.object({
  headingFont: font,
  bodyFont: font,
  background: colour,
  text: colour,
  accent: colour,
  button: colour,
  buttonText: colour,
});
export type DesignInput = z.infer<typeof DesignForm>;

export interface DesignScreen {
  /** The form's values as saved, by field name ('' for the theme's own). */
  values: Record<string, string>;
  /** Colours of the theme's stylesheet and of the saved design, for the picker's swatches. */
  swatches: string[];
}

/** The form's values of a design ('' for the theme's own). */
function designValues(settings: Record<string, unknown> | null | undefined): Record<string, string> {
  const design = designOf(settings);
  const values: Record<string, string> = {};
  for (const r of [...FONT_ROLES, ...COLOUR_ROLES]) values[r.key] = design[r.key] ?? '';
  return values;
}

/** The site's design as a versioned record (issue 28): the fields its form posts. */
export function designVersioned(websiteId: string): Versioned<Record<string, string>> {
  const labels = new Map<string, string>([...FONT_ROLES, ...COLOUR_ROLES].map((r) => [r.key, r.label]));
  return {
    thing: 'design',
    websiteId,
    load: async (db: Db) => {
      const [w] = await db<{ settings: Record<string, unknown> | null }[]>`select settings from website where id = ${websiteId}`;
      return w ? designValues(w.settings) : null;
    },
    fields: (values) => new URLSearchParams(values),
    label: (f) => labels.get(f) ?? f,
    audit: () => ({ targets: ['Fonts and colours'] }),
  };
}

export async function designScreen(sql: Sql, websiteId: string): Promise<DesignScreen> {
  const [[w], css] = await Promise.all([
    sql<{ settings: Record<string, unknown> | null }[]>`select settings from website where id = ${websiteId}`,
    sql<{ source: string }[]>`select source from theme_template where website_id = ${websiteId} and kind = 'stylesheet' order by name`,
  ]);
  const design = designOf(w?.settings);
  const values = designValues(w?.settings);
  const saved = COLOUR_ROLES.flatMap((r) => (design[r.key] ? [design[r.key]!] : []));
  const swatches = [...new Set([...saved, ...paletteOf(css.map((r) => r.source).join('\n'))])].slice(0, 14);
  return { values, swatches };
}

/**
 * Saves the design (a role left empty goes back to the theme's), audits it, and refreshes the
 * storefront. `guard` runs once the website row is locked: it throws VersionConflict when the
 * design changed since its form was drawn (issue 28).
 */
export async function saveDesign(a: OwnerAccess, input: DesignInput, guard: (tx: Db) => Promise<void> = async () => {}): Promise<void> {
  const design: Design = {};
  for (const [k, v] of Object.entries(input) as [keyof DesignInput, string | null][]) if (v) design[k] = v;
  // Read, change, write under a row lock: another settings screen saving at once keeps its change.
  await a.sql.begin(async (tx) => {
    const [row] = await tx<{ settings: Record<string, unknown> | null }[]>`
      select settings from website where id = ${a.site.id} for update`;
    if (!row) throw new Error(`no website ${a.site.id}`);
    await guard(tx);
    const settings = row.settings && typeof row.settings === 'object' && !Array.isArray(row.settings) ? row.settings : {};
    await tx`update website set settings = ${tx.json({ ...settings, design } as never)} where id = ${a.site.id}`;
  });
  await recordAudit(a.sql, actorOf(a), 'design.update', 'Fonts and colours', design);
  await storefrontChanged(a.sql, a.site.id);
}
