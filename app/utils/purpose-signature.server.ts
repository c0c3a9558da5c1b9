// One HMAC-SHA256 signature for links we hand out (order pages, downloads): the purpose is signed
// with the message, so a signature made for one kind of link never opens another.
import crypto from 'node:crypto';

/** What a signature looks like: 32 bytes in base64url. */
export const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

// `purpose:message`, the form order and download links have been signed with since they were
// first issued: links already in customers' mailboxes keep working.
const mac = (secret: string, purpose: string, message: string): string =>
  crypto.createHmac('sha256', secret).update(`${purpose}:${message}`).digest('base64url');

/** The signature of `message` for `purpose`, made with the newest secret (the first). */
export function signFor(purpose: string, message: string, secrets: readonly string[]): string {
  return mac(secrets[0], purpose, message);
}

/** Whether `signature` signs `message` for `purpose` under any of `secrets` (older ones still open old links). */
export function isSignedFor(purpose: string, message: string, signature: string | null | undefined, secrets: readonly string[]): boolean {
  if (!signature || !SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature);
  return secrets.some((s) => {
    const want = Buffer.from(mac(s, purpose, message));
    return want.length === given.length && crypto.timingSafeEqual(want, given);
  });
}
