// The browser-safe half of "two owners at once lose nothing" (issue 28, ADR 0021): the names of the
// hidden fields an owner form carries its load stamp in, and the conflict a refused save answers.
// The hashing and the checks are in versions.server.ts.

/** Hidden fields of every versioned owner form (a leading `_`: never compared as a field). */
export const STAMP_FIELD = {
  /** The record's version when the form was drawn. */
  version: '_version',
  /** A short hash per field as it was drawn: tells the fields the owner changed from the rest. */
  fields: '_fields',
  /** When the form was drawn (ISO): the audit log after it says who changed the record. */
  at: '_at',
  /** On "apply only my changes": the version of the record the conflict screen showed. */
  current: '_current',
  /** The "apply only my changes" button's name (its value is APPLY_MINE). Not `intent`: forms
   *  carry their own hidden intent, and a repeated name keeps one value (readForm). */
  apply: '_apply',
} as const;

/** The value of the conflict screen's "apply only my changes" button. */
export const APPLY_MINE = 'mine';

/** What a form carries about the record it was drawn from. */
export interface FormStamp {
  version: string;
  fields: string;
  at: string;
}

/** One change another hand made since the form was drawn. */
export interface ConflictChange {
  actor: string;
  action: string;
  at: string;
}

/** The answer to a save over a record someone changed since the form was drawn (a 409). */
export interface Conflict {
  /** Labels of the fields changed by someone else since the form was drawn. */
  theirs: string[];
  /** Labels of the fields the owner changed in the form. */
  yours: string[];
  /** Who changed the record since (the audit log), newest first; empty when nobody is on record. */
  by: ConflictChange[];
  /** The record's version now: "apply only my changes" is checked against it. */
  current: string;
  /** A sentence for the notice's heading. */
  message: string;
}

export const CONFLICT_TEXT = {
  changed: (thing: string) =>
    `Someone else changed this ${thing} after you opened it. Nothing was saved: what you typed is still in the form below.`,
  stock: (sku: string, seen: string, now: string) =>
    `The stock of ${sku} changed from ${seen} to ${now} after you opened this form (an order or another owner). Nothing was saved.`,
  unknownActor: 'a change not in the audit log (such as an order or an import)',
};

/** The stamp a refused post carried (its fields as typed), for drawing the form again with it. */
export function stampOfTyped(typed: Record<string, string> | null | undefined): FormStamp | null {
  const version = typed?.[STAMP_FIELD.version];
  if (!typed || !version) return null;
  return { version, fields: typed[STAMP_FIELD.fields] ?? '', at: typed[STAMP_FIELD.at] ?? '' };
}
