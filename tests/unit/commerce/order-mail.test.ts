// The order link's signature, the confirmation email's content and the outbox's .eml file (a real
// RFC 822 message with a text and an HTML part), and SMTP_URL's validation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../app/commerce/cart.server.js';
import { orderEmail } from '../../../app/commerce/order-email.js';
import { textFrom } from '../../../app/languages/strings.js';
import { downloadToken } from '../../../app/commerce/downloads.server.js';
import { orderLinkToken, signedOrderPath, verifyOrderLinkToken } from '../../../app/commerce/order-link.server.js';
import { sendMail } from '../../../app/utils/outbox.server.js';
import { readEnv } from '../../../app/utils/env.server.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const ID = '85581bf6-5898-477e-83e2-2047dc250f11';

describe('signed order links', () => {
  it('verify with any current secret, and only for their order', () => {
    const t = orderLinkToken(ID, [A]);
    expect(verifyOrderLinkToken(ID, t, [A])).toBe(true);
    expect(verifyOrderLinkToken(ID, t, [B, A])).toBe(true); // rotated: old links still open
    expect(verifyOrderLinkToken(ID, t, [B])).toBe(false);
    expect(verifyOrderLinkToken(ID.replace('8', '9'), t, [A])).toBe(false);
    expect(verifyOrderLinkToken(ID, t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A'), [A])).toBe(false);
    expect(verifyOrderLinkToken(ID, '', [A])).toBe(false);
    expect(verifyOrderLinkToken(ID, null, [A])).toBe(false);
    expect(signedOrderPath(ID, [A])).toBe(`/order-confirmed/${ID}?t=${t}`);
  });

  // Both links now share one signing helper (app/utils/purpose-signature.server.ts); the links
  // already mailed were signed as below, so these are the exact texts they must still match.
  it('are signed as the links already mailed were (order and download links)', () => {
    const old = (message: string) => crypto.createHmac('sha256', A).update(message).digest('base64url');
    expect(orderLinkToken(ID, [A])).toBe(old(`order-confirmed:${ID}`));
    expect(verifyOrderLinkToken(ID, old(`order-confirmed:${ID}`), [B, A])).toBe(true);
    const grant = '0123456789abcdef0123456789abcdef';
    expect(downloadToken(grant, 3, [A])).toBe(old(`download:${grant}:3`));
    // One purpose's signature opens nothing of another's.
    expect(verifyOrderLinkToken(`${grant}:3`, downloadToken(grant, 3, [A]), [A])).toBe(false);
  });
});

const order: Order = {
  id: ID,
  orderNumber: 1001,
  orderNumberText: '#1001',
  purchasedCartId: 'c',
  email: 'ada@example.com',
  shippingAddress: null,
  shippingAddressLines: ['Ada <Lovelace>', '1 Main St', 'Halifax, NS B3H 1A1', 'Canada'],
  shippingMethod: { id: 'standard', label: 'Standard shipping' },
  taxBasisPoints: 1400,
  testMode: true,
  websiteId: 'w',
  currency: 'USD',
  created: new Date(0).toISOString(),
  subtotalCents: 2600,
  grandTotalCents: 4332,
  shippingTotalCents: 1200,
  taxTotalCents: 532,
  subtotal: { currency: 'USD', value: '26.00' },
  grandTotal: { currency: 'USD', value: '43.32' },
  shippingTotal: { currency: 'USD', value: '12.00' },
  taxTotal: { currency: 'USD', value: '5.32' },
  giftCardPayments: [],
  amountDueCents: 4332,
  amountDue: { currency: 'USD', value: '43.32' },
  items: [
    {
      sku: 'SG-GC',
      productName: 'Gift Card ($25)',
      quantity: 1,
      unitPriceCents: 2600,
      unitPrice: { currency: 'USD', value: '26.00' },
      lineTotal: { currency: 'USD', value: '26.00' },
      productType: 4,
      giftRecipientEmail: 'grace@example.com',
      giftMessage: 'Hi <3',
      answers: [],
    },
  ],
};

describe('the confirmation email', () => {
  it('says test mode, the number, lines, totals, address and the signed link; HTML escaped', () => {
    const m = orderEmail(
      order,
      { name: 'Saltgrass Studio', contactEmail: 'hello@saltgrass.example' },
      'https://shop.example/order-confirmed/x?t=y',
      { code: 'en', locale: 'en-US', text: (key, english, vars) => textFrom(undefined, key, english, vars) },
    );
    expect(m.subject).toBe('[TEST] Your Saltgrass Studio order #1001 is confirmed');
    expect(m.text).toMatch(/^TEST MODE: no payment provider/);
    for (const s of [
      '#1001',
      'Subtotal: $26.00',
      'Shipping (Standard shipping): $12.00',
      'Tax (14%): $5.32',
      'Total: $43.32',
      'Halifax, NS B3H 1A1',
      'Gift card for grace@example.com',
      'https://shop.example/order-confirmed/x?t=y',
    ]) {
      expect(m.text).toContain(s);
    }
    expect(m.html).toContain('Ada &lt;Lovelace&gt;');
    expect(m.html).toContain('Hi &lt;3');
    expect(m.html).not.toContain('<Lovelace>');
  });

  it('is written to the outbox as an RFC 822 message with a text and an HTML part', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const r = await sendMail(
      {
        from: { name: 'Saltgrass Studio', address: 'hello@saltgrass.example' },
        to: 'ada@example.com',
        subject: 'Hello',
        text: 'plain',
        html: '<p>rich</p>',
        tag: 'order-1001',
      },
      { dataDir: dir, smtpUrl: '' },
    );
    expect(r.status).toBe('written');
    if (r.status !== 'written') return;
    expect(path.dirname(r.file)).toBe(path.join(dir, 'outbox'));
    expect(path.basename(r.file)).toMatch(/-order-1001-[0-9a-f]{8}\.eml$/);
    const eml = fs.readFileSync(r.file, 'utf8');
    expect(eml).toMatch(/^From: Saltgrass Studio <hello@saltgrass\.example>\r\n/m);
    expect(eml).toMatch(/^To: ada@example\.com\r$/m);
    expect(eml).toMatch(/^Subject: Hello\r$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a message that SMTP could not send as .unsent.eml, and does not throw', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    // Port 1 on this machine: nothing listens, the connection is refused at once.
    const r = await sendMail(
      { from: { name: 'S', address: 's@example.com' }, to: 'ada@example.com', subject: 'x', text: 'x', html: 'x', tag: 'order-1' },
      { dataDir: dir, smtpUrl: 'smtp://127.0.0.1:1' },
    );
    expect(r.status).toBe('unsent');
    if (r.status !== 'unsent') return;
    expect(r.file).toMatch(/\.unsent\.eml$/);
    expect(fs.existsSync(r.file!)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('SMTP_URL', () => {
  const env = (v: string) => readEnv({ SMTP_URL: v, SESSION_SECRET: A });
  it('takes smtp:// and smtps:// URLs', () => {
    expect(env('smtps://user:pass@mail.example:465').smtpUrl).toBe('smtps://user:pass@mail.example:465');
    expect(env('smtp://localhost:1025').smtpUrl).toBe('smtp://localhost:1025');
  });
  it('refuses anything else without echoing the value (it may hold a password)', () => {
    for (const bad of ['http://mail.example', 'mail.example:25', 'smtp://']) {
      expect(() => env(bad), bad).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    }
    expect(() => env('https://user:secret@mail.example')).not.toThrow(/secret/);
  });
});
