// The newsletter confirmation carries RFC 8058's one-click unsubscribe headers (mail clients show
// their own unsubscribe button), pointing at the same link as its body; other mail carries none.
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../../app/utils/outbox.server.js';
import { unsubscribeUrl } from '../../../app/forms/form-mail.server.js';

describe('List-Unsubscribe', () => {
  const base = {
    from: { name: 'Shop', address: 'shop@example.com' },
    to: 'a@example.com',
    subject: 'Hi',
    text: 'x',
    html: '<p>x</p>',
    tag: 't',
  };

  it('is sent with List-Unsubscribe-Post when the mail names a list link', async () => {
    const link = unsubscribeUrl('https://shop.example', 'tok en');
    const { raw } = await composeMail({ ...base, listUnsubscribe: link });
    // Long headers are folded (CRLF and a space): unfold before reading.
    const head = raw
      .toString('utf8')
      .split('\r\n\r\n')[0]
      .replace(/\r\n[ \t]+/g, ' ');
    expect(head).toContain('List-Unsubscribe: <https://shop.example/newsletter/unsubscribe?token=tok%20en>');
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('is absent from mail that belongs to no list', async () => {
    const { raw } = await composeMail(base);
    expect(raw.toString('utf8')).not.toMatch(/List-Unsubscribe/);
  });
});
