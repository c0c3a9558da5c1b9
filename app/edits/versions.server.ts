// "The version a form was loaded at" for owner edit forms (issue 28, ADR 0021): a form is drawn
// with a stamp (the record's version, a hash per field, the time), a save checks the stamp against
// the record as it is now, and a save over a changed record is refused with a conflict that says
// what changed and who changed it; "apply only my changes" re-applies just the owner's fields.
import { createHash } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { APPLY_MINE, CONFLICT_TEXT, STAMP_FIELD, type Conflict, type ConflictChange, type FormStamp } from './versions.js';

export * from './versions.js';

/** The database, or a transaction of it. */
export type Db = Sql | postgres.TransactionSql;

const digest = (s: string, n: number) => createHash('sha256').update(s).digest('base64url').slice(0, n);

/** JSON with object keys sorted, so equal records always give the same text. */
function stableJson(v: unknown): string {
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * A record's version: a hash of what it holds. Content rather than a counter, so a change made by
 * any code path (an import, a translation job, a hand-written fix) is seen, with no column to keep.
 */
export function versionOf(record: unknown): string {
  return digest(stableJson(record), 16);
}

/**
 * Fields a form posts, as compared: bookkeeping (`intent`, names starting with `_`, and the `was`
 * fields that carry the stock a row showed) left out, repeated names joined, empty the same as absent,
 * CRLF the same as LF.
 */
export function fieldMap(fields: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of new Set(fields.keys())) {
    if (k === 'intent' || k.startsWith('_') || /(^|\.)was$/.test(k)) continue;
    // A browser posts a text area's line breaks as CRLF, whatever it was drawn with.
    const v = fields.getAll(k).join('\u0000').replace(/\r\n/g, '\n');
    if (v !== '') out.set(k, v);
  }
  return out;
}

const fieldHash = (v: string) => digest(v, 8);
const EMPTY = fieldHash('');

/** The stamp a form is drawn with: `record` gives the version, `fields` what the form posts untouched. */
export function stampOf(record: unknown, fields: URLSearchParams, at: Date = new Date()): FormStamp {
  const hashes: Record<string, string> = {};
  for (const [k, v] of fieldMap(fields)) hashes[k] = fieldHash(v);
  return { version: versionOf(record), fields: Buffer.from(JSON.stringify(hashes)).toString('base64url'), at: at.toISOString() };
}

export interface ReadStamp {
  version: string;
  /** Hash per field as drawn; null when the form did not carry them. */
  fields: Record<string, string> | null;
  at: Date | null;
}

/** The stamp a posted form carries, or null for a post without one (a script of an older form: no check). */
export function readStamp(form: URLSearchParams): ReadStamp | null {
  const version = form.get(STAMP_FIELD.version) ?? '';
  if (!/^[A-Za-z0-9_-]{16}$/.test(version)) return null;
  let fields: Record<string, string> | null = null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(form.get(STAMP_FIELD.fields) ?? '', 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      fields = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    fields = null;
  }
  const at = new Date(form.get(STAMP_FIELD.at) ?? '');
  return { version, fields, at: Number.isNaN(at.getTime()) ? null : at };
}

/** Names of the fields whose value differs from the one the stamp was drawn with. */
export function changedFrom(fields: URLSearchParams, stamp: ReadStamp): string[] {
  if (!stamp.fields) return [];
  const now = fieldMap(fields);
  const names = new Set([...now.keys(), ...Object.keys(stamp.fields)]);
  return [...names].filter((k) => fieldHash(now.get(k) ?? '') !== (stamp.fields?.[k] ?? EMPTY)).sort();
}

/**
 * The record as it is now (`current`, as its form would post it) with only the fields the owner
 * changed (`form` against the stamp) taken from the form: what "apply only my changes" saves.
 */
export function mergeMine(current: URLSearchParams, form: URLSearchParams, stamp: ReadStamp): URLSearchParams {
  const mine = new Set(changedFrom(form, stamp));
  const out = new URLSearchParams();
  for (const [k, v] of current) if (!mine.has(k)) out.append(k, v);
  for (const [k, v] of form) if (mine.has(k)) out.append(k, v);
  return out;
}

/** Whether the post is "apply only my changes" (the conflict screen's button). */
export function appliesMine(form: URLSearchParams): boolean {
  return form.getAll(STAMP_FIELD.apply).includes(APPLY_MINE);
}

/** The audit log's entries on a record since `since`: those naming one of `ids` (detail.id) or `skus`. */
export async function changesSince(
  db: Db,
  websiteId: string,
  since: Date | null,
  match: { ids?: string[]; skus?: string[]; targets?: string[] },
): Promise<ConflictChange[]> {
  if (!since) return [];
  const ids = match.ids ?? [];
  const skus = match.skus ?? [];
  const targets = match.targets ?? [];
  const rows = await db<{ actor: string; action: string; at: Date }[]>`
    select actor, action, at from audit_log
     where website_id = ${websiteId} and at > ${since}
       and (detail->>'id' = any(${ids}::text[]) or detail->>'block' = any(${ids}::text[]) or target = any(${targets}::text[])
            or (jsonb_typeof(detail->'skus') = 'array' and exists (
                  select 1 from jsonb_array_elements_text(detail->'skus') s where s = any(${skus}::text[]))))
     order by id desc limit 10`;
  return rows.map((r) => ({ actor: r.actor, action: r.action, at: r.at.toISOString() }));
}

/** The conflict answered for a save of `form` (drawn with `stamp`) over the record now posting `current`. */
export function conflictOf(opts: {
  thing: string;
  form: URLSearchParams;
  stamp: ReadStamp;
  current: URLSearchParams;
  currentVersion: string;
  by: ConflictChange[];
  label: (field: string) => string;
  message?: string;
}): Conflict {
  const labels = (names: string[]) => [...new Set(names.map(opts.label))];
  return {
    theirs: labels(changedFrom(opts.current, opts.stamp)),
    yours: labels(changedFrom(opts.form, opts.stamp)),
    by: opts.by,
    current: opts.currentVersion,
    message: opts.message ?? CONFLICT_TEXT.changed(opts.thing),
  };
}

// ---------------------------------------------------------------------------------------------
// A save, checked: what each versioned form's domain says about its record, and the steps every
// save takes with it (the product form, with its stock, does the same by hand in products.server.ts).

/** How a domain's record is versioned: read now, posted untouched, named field by field. */
export interface Versioned<R> {
  /** "page", "post": the conflict notice's words. */
  thing: string;
  websiteId: string;
  /** The record as it is now (in the save's transaction when given one); null when it is gone. */
  load: (db: Db) => Promise<R | null>;
  /** The fields its form posts when nothing is typed. */
  fields: (r: R) => URLSearchParams;
  /** Its version (default: a hash of its form's fields, which is all a save can overwrite). */
  version?: (r: R) => string;
  label: (field: string) => string;
  /** What the audit log names it by (detail.id or target), for "who changed it". */
  audit: (r: R) => { ids?: string[]; targets?: string[] };
}

/** A save refused because the record is not the version the form was drawn at. */
export class VersionConflict extends Error {
  constructor() {
    super('The record changed since the form was drawn.');
  }
}

const versionOfRecord = <R>(v: Versioned<R>, r: R) => (v.version ? v.version(r) : versionOf([...v.fields(r)]));

/** The stamp a versioned record's form is drawn with. */
export function stampFor<R>(v: Versioned<R>, r: R): FormStamp {
  return { ...stampOf(null, v.fields(r)), version: versionOfRecord(v, r) };
}

export type CheckedSave =
  /** Save `post` (the form, or on "apply only my changes" the record now with the owner's fields);
   *  `guard` runs in the save's transaction after the record is locked, and throws VersionConflict. */
  { kind: 'save'; post: URLSearchParams; guard: (db: Db) => Promise<void> } | { kind: 'missing' };

/**
 * The first step of a versioned save: which post to save and the guard its transaction runs. A
 * post without a stamp (a script of an older form) is saved unchecked, as before.
 */
export async function checkedSave<R>(db: Db, form: URLSearchParams, v: Versioned<R>): Promise<CheckedSave> {
  const stamp = readStamp(form);
  if (!stamp) return { kind: 'save', post: form, guard: async () => {} };
  let post = form;
  let expect = stamp.version;
  if (appliesMine(form)) {
    const now = await v.load(db);
    if (!now) return { kind: 'missing' };
    expect = form.get(STAMP_FIELD.current) ?? '';
    post = mergeMine(v.fields(now), form, stamp);
    post.set('intent', 'save');
  }
  return {
    kind: 'save',
    post,
    guard: async (tx) => {
      const now = await v.load(tx);
      if (now && versionOfRecord(v, now) !== expect) throw new VersionConflict();
    },
  };
}

/**
 * A refused versioned save's answer: Conform's reply to the post, with the conflict when the record
 * changed since the form was drawn (null for any other refusal, so every answer has one shape).
 */
export function withConflict(reply: SubmissionResult<string[]>, conflict: Conflict | null = null) {
  return { ...reply, conflict };
}

/** The conflict answered when a save of `form` met VersionConflict (null: the record is gone). */
export async function conflictFor<R>(db: Db, form: URLSearchParams, v: Versioned<R>): Promise<Conflict | null> {
  const stamp = readStamp(form);
  const now = await v.load(db);
  if (!now || !stamp) return null;
  return conflictOf({
    thing: v.thing,
    form,
    stamp,
    current: v.fields(now),
    currentVersion: versionOfRecord(v, now),
    by: await changesSince(db, v.websiteId, stamp.at, v.audit(now)),
    label: v.label,
  });
}
