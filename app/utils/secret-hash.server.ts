// What we store of a secret we hand out (a session id, a reset or invite token, an unsubscribe
// link): its SHA-256 only, so a copy of the database opens nothing.
import crypto from 'node:crypto';

export const hashSecret = (secret: string): string => crypto.createHash('sha256').update(secret).digest('base64url');
