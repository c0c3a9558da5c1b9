// Value conversions shared by the content formatters and predicates, matching how the published
// engine reads JSON nodes as strings, numbers and booleans (which differs from how values print).
import { isTruthy, leadingNumber as asNumber, scalarText as asString } from '../../values.js';
import { getChild } from '../../context.js';

/** A node as a boolean flag: true, a non-zero integer, or the string "true". */
export function asBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && Number.isInteger(v);
    case 'string':
      return v === 'true';
    default:
      return false;
  }
}

/**
 * Removes markup the way the published engine does: `<` starts a tag that is dropped, every `>`
 * (inside a tag or not) becomes one space.
 */
export function stripTags(s: string): string {
  if (s.indexOf('<') < 0 && s.indexOf('>') < 0) return s;
  let out = '';
  let inTag = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 60 /* < */) {
      if (!inTag) out += s.slice(start, i);
      inTag = true;
    } else if (c === 62 /* > */) {
      if (!inTag) out += s.slice(start, i);
      out += ' ';
      inTag = false;
      start = i + 1;
    }
  }
  if (!inTag) out += s.slice(start);
  return out;
}

export { isTruthy, getChild, asNumber, asString };
