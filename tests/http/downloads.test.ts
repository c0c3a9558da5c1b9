// Digital products through the built server (issue 33): buying the demo's PDF pattern puts a signed
// download link on the confirmation page and in the outbox email; the link serves the file with the
// safe headers, counts down to a used-up page whose form emails a new link (older links stop, the
// answer never tells whether a link belongs to an order, rate limited); an expired link (set in the
// database of a server of its own); the owner's file picker; the file is not public at /files/.
import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, inject, it, vi } from 'vitest';
import { openDb } from '../../db/client.server.js';
import { seedFileId } from '../../db/seed.server.js';
import { writtenByQueue } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';
import { startServer } from './support/spawn-server.js';
import { scaled } from '../support/time-scale.js';

const PATTERN = 'itm-wave-quilt-pattern'; // $14.00, digital, with db/seed/files/wave-quilt-pattern.pdf
const BREAD_BAG = 'itm-linen-bread-bag'; // physical
const FILE_ID = seedFileId('saltgrass', 'wave-quilt-pattern.pdf');
const PDF = fs.readFileSync(path.resolve('db/seed/files/wave-quilt-pattern.pdf'));
const LINK = /\/downloads\/[0-9a-f]{32}\?t=[A-Za-z0-9_-]{43}/;
const SENT = 'If this link belongs to an order, a new download link is on its way to the email address the order was placed with.';

const newEmail = () => `dl-${randomBytes(5).toString('hex')}@example.com`;

/** The newest .eml in `dir` whose name has `tag` and that is sent to `to`, unfolded from quoted-printable. */
async function mailTo(dir: string, to: string, tag: string, not: string[] = []): Promise<string> {
  return vi.waitFor(
    () => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(tag) && f.endsWith('.eml')) : [];
      const mine = files
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
        .filter((t) => t.includes(`To: ${to}`))
        .map((t) => t.replace(/=\r\n/g, '').replace(/=3D/g, '='))
        .filter((t) => !not.some((n) => t.includes(n)));
      if (mine.length === 0) throw new Error(`no ${tag} mail to ${to}`);
      return mine[mine.length - 1];
    },
    { timeout: scaled(10_000), interval: 100 },
  );
}

/** Buys the pattern as `v` with `email`; the confirmation page's HTML and its download link. */
async function buyPattern(v: Visitor, email: string, at = ''): Promise<{ html: string; link: string; number: number; location: string }> {
  const post = (p: string, body: string, type: string) =>
    v.fetch(at + p, { method: 'POST', body, headers: { 'Content-Type': type, ...(at ? { Origin: at } : {}) } });
  const added = await post('/api/commerce/shopping-cart/entries', JSON.stringify({ itemId: PATTERN, quantity: 1 }), 'application/json');
  expect(added.status).toBe(200);
  const res = await post(
    '/checkout',
    new URLSearchParams({ cart: 'cart', intent: 'place', email }).toString(),
    'application/x-www-form-urlencoded',
  );
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const page = await v.fetch(at + location);
  expect(page.status).toBe(200);
  const html = await page.text();
  const link = /<a href="([^"]+)" data-download-link/.exec(html)?.[1].replace(/&amp;/g, '&') ?? '';
  expect(link, 'a download link on the confirmation page').toMatch(new RegExp(`^${LINK.source}$`));
  return { html, link, location, number: Number(/<strong data-order-number>#(\d+)<\/strong>/.exec(html)![1]) };
}

function expectTheFile(res: Response, body: Buffer) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe(
    `attachment; filename="wave-quilt-pattern.pdf"; filename*=UTF-8''wave-quilt-pattern.pdf`,
  );
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(body.equals(PDF)).toBe(true);
}

describe('buying a digital product', () => {
  it('the confirmation page and the email carry a link that downloads the file, five times, then a page that emails a new one', async () => {
    const v = new Visitor();
    const email = newEmail();
    const { html, link, number, location } = await buyPattern(v, email);
    expect(html).toContain('Your downloads');
    expect(html).toContain('5 downloads left');

    const outbox = path.join(inject('dataDir'), 'outbox');
    const eml = await mailTo(outbox, email, `-order-${number}-`);
    expect(eml).toContain('Your downloads');
    expect(eml).toContain('Each link works for 7 days and 5 downloads.');
    const mailed = new RegExp(`https?://[^/\\s"]+(${LINK.source})`).exec(eml)?.[1];
    expect(mailed, 'the email has the same link').toBe(link);

    // Anyone holding the link gets the file (no session needed), counted.
    const stranger = new Visitor();
    for (let i = 0; i < 5; i++) {
      const res = await stranger.get(link);
      expectTheFile(res, Buffer.from(await res.arrayBuffer()));
    }
    const page = await (await v.get(location)).text();
    expect(page).toContain('0 downloads left');

    const used = await stranger.get(link);
    expect(used.status).toBe(410);
    expect(used.headers.get('cache-control')).toBe('private, no-store');
    const usedHtml = await used.text();
    expect(usedHtml).toContain('This download link has been used up');
    expect(usedHtml).toContain('A download link works 5 times.');
    const action = /<form method="post" action="([^"]+)"/.exec(usedHtml)?.[1].replace(/&amp;/g, '&');
    expect(action).toBe(link);

    // The form emails a new link to the order's address, never to whoever asks.
    const asked = await stranger.postForm(action!, {});
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(SENT);
    const renewed = await mailTo(outbox, email, '-download-', [link]);
    // Sent by the mail queue's worker (ADR 0026), committed with the new generation.
    const sentFile = fs
      .readdirSync(outbox)
      .find((f) => f.includes('-download-') && fs.readFileSync(path.join(outbox, f), 'utf8').includes(`To: ${email}`));
    expect(writtenByQueue(sentFile!, fs.readFileSync(path.join(outbox, sentFile!), 'utf8')), sentFile).toBe(true);
    expect(renewed).toMatch(
      new RegExp(`^Subject: Your new download link for Wave Quilt Pattern \\(PDF\\) \\(order #${number}\\)\\r$`, 'm'),
    );
    const fresh = new RegExp(`https?://[^/\\s"]+(${LINK.source})`).exec(renewed)?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(link);
    const again = await stranger.get(fresh!);
    expectTheFile(again, Buffer.from(await again.arrayBuffer()));
    // The old link stops once a new one is made.
    const old = await stranger.get(link);
    expect(old.status).toBe(403);
    expect(await old.text()).toContain('This download link is not valid');
  });

  it('a link with a wrong signature gets the not-valid page; its form answers the same and sends nothing; asking is rate limited', async () => {
    const v = new Visitor();
    const email = newEmail();
    const { link } = await buyPattern(v, email);
    const forged = link.replace(/t=./, (m) => (m.endsWith('A') ? 't=B' : 't=A'));
    const res = await new Visitor().get(forged);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('This download link is not valid');
    const outbox = path.join(inject('dataDir'), 'outbox');
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes('-download-')).length : 0;
    const asker = new Visitor();
    const nobody = await asker.postForm(forged, {});
    expect(nobody.status).toBe(200);
    expect(await nobody.text()).toContain(SENT);
    const noGrant = await asker.postForm(`/downloads/${'0'.repeat(32)}?t=${'A'.repeat(43)}`, {});
    expect(noGrant.status).toBe(200);
    expect(await noGrant.text()).toContain(SENT);
    expect(fs.readdirSync(outbox).filter((f) => f.includes('-download-')).length).toBe(before);
    // Three new links an hour for one grant (the forged ask above was one); the fourth ask waits.
    for (let i = 0; i < 2; i++) expect((await asker.postForm(link.replace(/t=.*/, `t=${'C'.repeat(43)}`), {})).status).toBe(200);
    const limited = await asker.postForm(link, {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the product file is not served at its public /files/ address', async () => {
    const res = await new Visitor().get(`/files/${FILE_ID}/wave-quilt-pattern.pdf`);
    expect(res.status).toBe(404);
  });
});

describe("the owner's download file", () => {
  it('is picked on the digital product screen; a wrong id or a physical product is refused with a clear error', async () => {
    const admin = await adminVisitor();
    const screen = await (await admin.get(`/config/products/${PATTERN}`)).text();
    expect(screen).toContain('Download file');
    // With its size and upload day, so two files of one name are told apart (issue 33).
    expect(screen).toMatch(
      new RegExp(
        `<option value="${FILE_ID}" selected="">wave-quilt-pattern.pdf \\(\\d[^,<]* (bytes|KB|MB), uploaded \\w{3} \\d{1,2}, \\d{4}\\)</option>`,
      ),
    );
    const physical = await (await admin.get(`/config/products/${BREAD_BAG}`)).text();
    expect(physical).not.toContain('File buyers download');

    const bad = await admin.postForm(`/config/products/${PATTERN}`, { intent: 'download-file', digitalFileId: 'f'.repeat(24) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose one of the files in the list.');
    const notDigital = await admin.postForm(`/config/products/${BREAD_BAG}`, { intent: 'download-file', digitalFileId: FILE_ID });
    expect(notDigital.status).toBe(400);
    expect(await notDigital.text()).toContain('Only a digital product delivers a file.');

    const saved = await admin.postForm(`/config/products/${PATTERN}`, { intent: 'download-file', digitalFileId: FILE_ID });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/config/products/${PATTERN}?saved=download`);
    expect(await (await admin.get(saved.headers.get('location')!)).text()).toContain('Download file saved.');
  });
});

describe('an expired link', () => {
  it(
    'answers 410 with the form, which emails a link that works again',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-download-'));
      // A throw-away database on the test PostgreSQL when there is one (changed while the server
      // runs), else the embedded one (changed while the server is down: it serves one process).
      const pg = process.env.STOREFRONT_TEST_POSTGRES;
      const dbName = `storefront_dl_${randomBytes(5).toString('hex')}`;
      let databaseUrl: string | undefined;
      if (pg) {
        const admin = postgres(pg, { max: 1, onnotice: () => {} });
        await admin.unsafe(`create database ${dbName}`);
        await admin.end();
        const u = new URL(pg);
        u.pathname = `/${dbName}`;
        databaseUrl = u.toString();
      }
      const env = { SESSION_SECRET: randomBytes(32).toString('base64url'), SMTP_URL: undefined, DATABASE_URL: databaseUrl };
      const lapse = async () => {
        const db = databaseUrl
          ? await openDb({ url: databaseUrl, migrate: false, seedIfEmpty: false, log: () => {} })
          : await openDb({ dataDir, log: () => {} });
        await db.sql`update download_grant set expires_at = now() - interval '1 minute'`;
        await db.close();
      };
      let s = await startServer(env, '/healthz', { dataDir });
      try {
        const v = new Visitor();
        const email = newEmail();
        const { link } = await buyPattern(v, email, s.url);
        if (databaseUrl) await lapse();
        else {
          s.child.kill('SIGTERM');
          expect(await s.exited).toBe(0);
          await lapse();
          s = await startServer(env, '/healthz', { dataDir });
        }
        const res = await v.fetch(s.url + link);
        expect(res.status).toBe(410);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        const html = await res.text();
        expect(html).toContain('This download link has expired');
        expect(html).toContain('Download links work for 7 days.');
        expect(html).toContain('Email me a new link');
        const asked = await v.fetch(s.url + link, { method: 'POST', body: '', headers: { Origin: s.url } });
        expect(asked.status).toBe(200);
        const renewed = await mailTo(path.join(dataDir, 'outbox'), email, '-download-');
        const fresh = new RegExp(`https?://[^/\\s"]+(${LINK.source})`).exec(renewed)?.[1];
        const again = await v.fetch(s.url + fresh);
        expectTheFile(again, Buffer.from(await again.arrayBuffer()));
      } finally {
        s.child.kill('SIGTERM');
        await s.exited;
        rmSync(dataDir, { recursive: true, force: true });
        if (pg) {
          const admin = postgres(pg, { max: 1, onnotice: () => {} });
          await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
          await admin.end();
        }
      }
    },
    scaled(180_000),
  );
});
