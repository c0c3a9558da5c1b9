// Secrets kept encrypted at rest: what is sealed opens again with the same secret (or an older one
// of a rotation), never shows in the sealed text, and opens for nobody else.
import { describe, expect, it } from 'vitest';
import { open, seal } from '../../../app/utils/secret-box.server.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, with the same secret or as the old half of a rotation', () => {
    const sealed = seal('deepl-key-1234:fx', 'translation-key', [A]);
    expect(sealed).not.toContain('deepl');
    expect(sealed).toMatch(/^v1\./);
    expect(open(sealed, 'translation-key', [A])).toBe('deepl-key-1234:fx');
    expect(open(sealed, 'translation-key', [B, A])).toBe('deepl-key-1234:fx');
    // Two seals of one text differ (a fresh IV each time).
    expect(seal('same', 'p', [A])).not.toBe(seal('same', 'p', [A]));
  });

  it('refuses another secret, another purpose, or a changed box', () => {
    const sealed = seal('secret text', 'translation-key', [A]);
    expect(open(sealed, 'translation-key', [B])).toBeNull();
    expect(open(sealed, 'other-purpose', [A])).toBeNull();
    const parts = sealed.split('.');
    const flipped = parts[3].startsWith('A') ? 'B' + parts[3].slice(1) : 'A' + parts[3].slice(1);
    expect(open([parts[0], parts[1], parts[2], flipped].join('.'), 'translation-key', [A])).toBeNull();
    expect(open('garbage', 'translation-key', [A])).toBeNull();
    // A tag cut to 4 bytes is no tag (GCM would otherwise accept it and be easier to forge).
    const short = Buffer.from(parts[2], 'base64url').subarray(0, 4).toString('base64url');
    expect(open([parts[0], parts[1], short, parts[3]].join('.'), 'translation-key', [A])).toBeNull();
  });
});
