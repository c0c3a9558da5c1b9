// Secrets we must send on later (a translation service's API key), kept encrypted at rest:
// AES-256-GCM under a key derived (HKDF-SHA256) from the session secret, so a copy of the database
// alone opens nothing. Sealed with the newest secret; any secret of a rotation opens.
import crypto from 'node:crypto';
import { env } from './env.server.js';

const VERSION = 'v1';

function keyFrom(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'storefront-secret-box', purpose, 32));
}

/** `plain` encrypted for `purpose` (which also binds it: a box opens only for the same purpose). */
export function seal(plain: string, purpose: string, secrets: string[] = env().sessionSecrets): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(secrets[0], purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** What `sealed` holds, or null when no secret of `secrets` opens it (rotated away, or tampered with). */
export function open(sealed: string, purpose: string, secrets: string[] = env().sessionSecrets): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  // GCM would also take a cut-down tag (4 bytes and up): only the full 16 bytes count.
  if (Buffer.from(tag, 'base64url').length !== 16) return null;
  for (const secret of secrets) {
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(secret, purpose), Buffer.from(iv, 'base64url'), {
        authTagLength: 16,
      });
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // not this secret's
    }
  }
  return null;
}
