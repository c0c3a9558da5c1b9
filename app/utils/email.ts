// The one check of an email address (SPEC 5 "must match an email pattern", SPEC 9 3 to 256 characters),
// used by form blocks, back-in-stock sign-ups, site users, checkout and the owner's editors alike, so
// an address accepted in one place is accepted in all. Pure: the browser islands run it too.

/** SPEC 9: an address is 3 to 256 characters. */
export const EMAIL_MIN = 3;
export const EMAIL_MAX = 256;

/** The address every error text shows as the format (SPEC 5's `{email}`, SPEC 5's editor `{email}`). */
export const EXAMPLE_EMAIL = 'name@example.com';

/** SPEC 5's form text for an address that fails the check (form blocks, site users, checkout). */
export const EMAIL_FORMAT_TEXT = `Email is not valid. Email addresses should follow the format ${EXAMPLE_EMAIL}.`;

// The local part: anything but spaces, @ and the characters that separate or quote addresses in a list
// (a mailto: link's recipients are split on , and ;).
const LOCAL = /^[^\s@<>()[\]\\,;:"]+$/u;
// A domain label: letters (any script: an internationalised domain such as bücher.de) and digits,
// hyphens inside only.
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
// The top-level label: two characters or more and not all digits (`a@example.c`, `a@1.2.3.4` are not addresses).
const TOP = /^(?=.*\p{L})[\p{L}\p{N}-]{2,}$/u;

/** Whether `value` (already trimmed by the caller when it trims) is an email address by SPEC 5 and 9. */
export function isEmail(value: string): boolean {
  if (value.length < EMAIL_MIN || value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || !LOCAL.test(value.slice(0, at))) return false;
  const labels = value.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TOP.test(labels[labels.length - 1]);
}
