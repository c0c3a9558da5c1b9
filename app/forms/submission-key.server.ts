// The form submission key (SPEC 7: POST /api/form/FormSubmissionKey): a short-lived token a script
// gets before it saves a submission. Signed, not stored: `<expiry>.<nonce>.<hmac>` over the site's
// id, so a key from one site or an old one is refused (401) without a table to clean.
import crypto from 'node:crypto';
import { env } from '../utils/env.server.js';

/** How long a key is good for: a visitor filling in a long form has time; a harvested key soon dies. */
export const KEY_TTL_S = 60 * 60;

const sign = (secret: string, websiteId: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`form-key\u0000${websiteId}\u0000${body}`).digest('base64url');

export function issueSubmissionKey(websiteId: string, now = Date.now(), secrets: string[] = env().sessionSecrets): string {
  const body = `${Math.floor(now / 1000) + KEY_TTL_S}.${crypto.randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(secrets[0], websiteId, body)}`;
}

/** Whether `key` was issued for this site by us (any current secret) and has not expired. */
export function checkSubmissionKey(websiteId: string, key: unknown, now = Date.now(), secrets: string[] = env().sessionSecrets): boolean {
  if (typeof key !== 'string' || key.length > 200) return false;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(key);
  if (!m) return false;
  if (Number(m[1]) * 1000 < now) return false;
  const body = `${m[1]}.${m[2]}`;
  const given = Buffer.from(m[3]);
  return secrets.some((s) => {
    const want = Buffer.from(sign(s, websiteId, body));
    return want.length === given.length && crypto.timingSafeEqual(want, given);
  });
}
