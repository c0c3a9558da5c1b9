// Owner passwords: argon2id hashes (@node-rs/argon2, OWASP's parameters), and the rules a new
// password must meet. A hash never leaves the server; a wrong password and an unknown email take
// the same time to refuse.
import { hash, verify } from '@node-rs/argon2';

/** Shortest password an owner may set; NIST 800-63B asks for 8, we ask a little more. */
export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 256;

// Algorithm 2 = argon2id. 19 MiB, 2 passes, 1 lane: OWASP's minimum for argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the email is unknown, so that answer takes as long as a wrong password.
let decoy: Promise<string> | null = null;

/** Whether `password` matches `stored` (null: no such owner, checked against a decoy all the same). */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password that matches nothing');
  const against = stored ?? (await decoy);
  try {
    const ok = await verify(against, password);
    return ok && stored !== null;
  } catch {
    return false;
  }
}

/** The password rules' texts as templates: the storefront finds `{count}` again to translate them. */
export const PASSWORD_TEXT = { tooShort: 'Use at least {count} characters.', tooLong: 'Use at most {count} characters.' } as const;

/** Why `password` cannot be used, or null when it can. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return PASSWORD_TEXT.tooShort.replace('{count}', String(MIN_PASSWORD));
  if (password.length > MAX_PASSWORD) return PASSWORD_TEXT.tooLong.replace('{count}', String(MAX_PASSWORD));
  if (password.trim() === '') return 'A password cannot be only spaces.';
  return null;
}
