// Signed order links: /order-confirmed/<id>?t=<sig>, where sig is an HMAC-SHA256 of the order id
// with the session secret. The confirmation email carries it, so that the order page opens for its
// reader without the session whose cart bought it; anyone else gets the not-found page.
import { env } from '../utils/env.server.js';
import { isSignedFor, signFor } from '../utils/purpose-signature.server.js';

const PURPOSE = 'order-confirmed';

/** The signature of an order's link, made with the newest secret. */
export function orderLinkToken(orderId: string, secrets: string[] = env().sessionSecrets): string {
  return signFor(PURPOSE, orderId, secrets);
}

/** Whether `token` signs `orderId` under any current secret (older ones still open old links). */
export function verifyOrderLinkToken(orderId: string, token: string | null | undefined, secrets: string[] = env().sessionSecrets): boolean {
  return isSignedFor(PURPOSE, orderId, token, secrets);
}

/** The path of an order's page with its signature. */
export function signedOrderPath(orderId: string, secrets?: string[]): string {
  return `/order-confirmed/${encodeURIComponent(orderId)}?t=${orderLinkToken(orderId, secrets)}`;
}
