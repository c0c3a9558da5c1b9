// Where a form's webhook may point: http(s) URLs to public addresses only (SSRF). This is the check
// when the owner saves the URL; each delivery goes through the guarded fetch (app/utils/safe-fetch),
// which checks again at connection time, so a name that later resolves inward is refused then.
import dns from 'node:dns';
import net from 'node:net';
import { isInternalAddress, testAllowedOrigins } from '../utils/safe-fetch.server.js';

export const WEBHOOK_URL_TEXT = {
  invalid: 'Enter a web address starting with https:// or http://.',
  internal: 'This address points inside our network. Enter a public web address.',
};

/** Checks a URL the owner typed: the message to show, or null when it may be used. */
export async function checkWebhookUrl(raw: string): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return WEBHOOK_URL_TEXT.invalid;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname || u.username || u.password) return WEBHOOK_URL_TEXT.invalid;
  // A test's local receiver (outside production only).
  if (testAllowedOrigins().has(u.origin)) return null;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isInternalAddress(host) ? WEBHOOK_URL_TEXT.internal : null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return WEBHOOK_URL_TEXT.internal;
  // A name that resolves inward now is refused now; one that does not resolve yet is kept (the
  // guarded fetch decides when it is used).
  const found = await dns.promises.lookup(host, { all: true }).catch(() => []);
  return found.some((x) => isInternalAddress(x.address)) ? WEBHOOK_URL_TEXT.internal : null;
}
