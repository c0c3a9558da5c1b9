// Signed order links: /order-confirmed/<id>?t=<sig>, where sig is an HMAC-SHA256 of the order id
// with the session secret. The confirmation email carries it, so that the order page opens for its
// reader without the session whose cart bought it; anyone else gets the not-found page.
import crypto from 'node:crypto';
import { env } from '../utils/env.server.js';

const PURPOSE = 'order-confirmed:';
const SIG = /^[A-Za-z0-9_-]{43}$/;

function sign(secret: string, orderId: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(PURPOSE + orderId)
    .digest('base64url');
}

/** The signature of an order's link, made with the newest secret. */
export function orderLinkToken(orderId: string, secrets: string[] = env().sessionSecrets): string {
  return sign(secrets[0], orderId);
}

/** Whether `token` signs `orderId` under any current secret (older ones still open old links). */
export function verifyOrderLinkToken(orderId: string, token: string | null | undefined, secrets: string[] = env().sessionSecrets): boolean {
  if (!token || !SIG.test(token)) return false;
  const given = Buffer.from(token);
  return secrets.some((s) => {
    const want = Buffer.from(sign(s, orderId));
    return want.length === given.length && crypto.timingSafeEqual(want, given);
  });
}

/** The path of an order's page with its signature. */
export function signedOrderPath(orderId: string, secrets?: string[]): string {
  return `/order-confirmed/${encodeURIComponent(orderId)}?t=${orderLinkToken(orderId, secrets)}`;
}
