// Saving form submissions (app/forms/submit.server.ts) on PGlite and PostgreSQL: the demo's contact
// form stores a valid submission, signs the sender up to the Newsletter when the box is ticked and
// writes the confirmation (with its unsubscribe link) and the owner's notification to the outbox;
// refuses invalid answers, an unknown form and a visitor over the limit; keeps nothing of a bot.
// Then migration 0020 on a site seeded before it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { readTheme } from '../../db/seed.server.js';
import { PAGES } from '../../db/seed/store.js';
import { submitForm, SUBMIT_LIMIT, type Submission } from '../../app/forms/submit.server.js';
import { FORM_TEXT } from '../../app/forms/form-validation.js';
import { unsubscribeByToken } from '../../app/forms/mailing-list.server.js';
import { outboxDir } from '../../app/utils/outbox.server.js';
import { runQueuedJobs, stopJobs } from '../../app/utils/jobs.server.js';
import { composedMail } from '../../app/utils/mail-queue.server.js';
import { newChallenge } from '../../app/forms/captcha.server.js';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { beforeCommentsText } from './support/comments-text.js';
import { targets } from './support/databases.js';

// The outbox of this process's DATA_DIR (no SMTP_URL in tests): emails are files there.
const outbox = () => (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
const read = (f: string) =>
  fs
    .readFileSync(path.join(outboxDir(), f), 'utf8')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

let n = 0;
const contact = (values: Record<string, unknown>, more: Partial<Submission> = {}): Submission => ({
  websiteId: 'saltgrass',
  formId: 'form-contact',
  values: () => values as never,
  visitor: `visitor-${++n}`,
  pageUrl: '/contact',
  ...more,
});

describe.each(targets)('form submissions on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('the seed has the contact form on the Contact page, pointing at the Newsletter list', async () => {
    const [w] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
    expect(w.id).toBe('saltgrass');
    const [b] = await db.sql<{ settings: { formId: string } }[]>`select settings from page_block where id = 'blk-contact-form'`;
    expect(b.settings.formId).toBe('form-contact');
    const [f] = await db.sql<{ settings: { mailingListId: string } }[]>`select settings from form where id = 'form-contact'`;
    const [l] = await db.sql<{ name: string }[]>`select name from mailing_list where id = ${f.settings.mailingListId}`;
    expect(l.name).toBe('Newsletter');
  });

  it('stores a valid submission, subscribes a ticked newsletter box and sends both emails', async () => {
    const email = `ada-${target.name}@example.com`;
    const before = outbox().length;
    const r = await submitForm(
      db.sql,
      contact({ name: ['Ada', 'Lovelace'], email, message: 'Hello', newsletter: ['Join our newsletter'] }),
    );
    expect(r.ok).toBe(true);
    // The emails were queued with the submission; the mail queue sends them.
    expect(await runQueuedJobs(db.sql, composedMail)).toMatchObject({ ran: 2, failed: 0 });
    const id = r.ok ? r.submissionId : null;
    const [row] = await db.sql<
      { fields: Record<string, unknown>; page_url: string }[]
    >`select fields, page_url from form_submission where id = ${id}`;
    expect(row.fields.email).toBe(email);
    expect(row.page_url).toBe('/contact');
    const [sub] = await db.sql<{ unsubscribed_at: Date | null; source: string }[]>`
      select unsubscribed_at, source from mailing_list_subscriber where email = ${email}`;
    expect(sub).toMatchObject({ unsubscribed_at: null, source: 'form:form-contact' });
    const mails = outbox().slice(before).map(read);
    const confirmation = mails.find((m) => m.includes(`To: ${email}`))!;
    expect(confirmation).toBeDefined();
    const token = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(confirmation)?.[1];
    expect(token).toBeDefined();
    expect(mails.some((m) => m.includes('To: hello@saltgrass.example') && m.includes('Hello'))).toBe(true);
    expect(await unsubscribeByToken(db.sql, token!)).toMatchObject({ listName: 'Newsletter', email });
  });

  it('does not subscribe when the box is not ticked', async () => {
    const email = `bob-${target.name}@example.com`;
    const r = await submitForm(db.sql, contact({ name: ['Bob', ''], email, message: 'Hi', newsletter: [] }));
    expect(r.ok).toBe(true);
    expect(await db.sql`select 1 from mailing_list_subscriber where email = ${email}`).toHaveLength(0);
  });

  it('refuses invalid answers with each field message, and stores nothing', async () => {
    const count = async () => Number((await db.sql<{ n: string }[]>`select count(*) as n from form_submission`)[0].n);
    const before = await count();
    const r = await submitForm(db.sql, contact({ name: ['', ''], email: 'nope', message: 'x'.repeat(2001) }));
    expect(r).toMatchObject({
      ok: false,
      status: 400,
      message: FORM_TEXT.invalid,
      errors: { name: 'Required', email: FORM_TEXT.email, message: FORM_TEXT.tooLong },
    });
    expect(await count()).toBe(before);
  });

  it('accepts a filled honeypot silently and keeps nothing; 404 for an unknown form', async () => {
    const email = `bot-${target.name}@example.com`;
    const r = await submitForm(db.sql, contact({ name: ['B', 'T'], email, message: 'spam' }, { honeypot: 'http://spam' }));
    expect(r).toMatchObject({ ok: true, submissionId: null });
    expect(await db.sql`select 1 from form_submission where fields->>'email' = ${email}`).toHaveLength(0);
    expect(await submitForm(db.sql, contact({}, { formId: 'no-such-form' }))).toMatchObject({
      status: 404,
      message: FORM_TEXT.notConfigured,
    });
  });

  it('asks for the CAPTCHA when the form has one, and takes a solved challenge once', async () => {
    await db.sql`insert into form (id, website_id, name, fields, settings)
      values ('form-captcha', 'saltgrass', 'Captcha', '[]'::jsonb, '{"captcha": true}'::jsonb) on conflict do nothing`;
    const missing = await submitForm(db.sql, contact({}, { formId: 'form-captcha' }));
    expect(missing).toMatchObject({ ok: false, status: 400, message: 'Complete CAPTCHA before submitting.' });
    const challenge = (await newChallenge()) as Parameters<typeof solveChallenge>[0]['challenge'];
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const spent = async () => Number((await db.sql`select count(*)::int as n from captcha_solution where expires_at > now()`)[0].n);
    const before = await spent();
    expect(await submitForm(db.sql, contact({}, { formId: 'form-captcha', captcha: payload }))).toMatchObject({ ok: true });
    // Spent in the database, where every server process looks, not in this process's memory.
    expect(await spent()).toBe(before + 1);
    // The same solution a second time is refused.
    expect(await submitForm(db.sql, contact({}, { formId: 'form-captcha', captcha: payload }))).toMatchObject({ status: 400 });
  });

  it('limits a visitor to SUBMIT_LIMIT submissions a minute (429)', async () => {
    const visitor = `burst-${target.name}`;
    for (let i = 0; i < SUBMIT_LIMIT.points; i++) await submitForm(db.sql, contact({}, { visitor }));
    expect(await submitForm(db.sql, contact({}, { visitor }))).toMatchObject({ ok: false, status: 429, message: FORM_TEXT.rateLimited });
  });
});

// Migration 0020 on a site seeded before it (page-blocks partial and stylesheets as 0015..0017 left
// them, the seed's Contact page): it ends as a fresh seed would.
const MARK = '\n/* Form blocks (issue 14;';
const FORM_SECTION = '  {.section form}\n  <div class="block-form">{html}</div>\n  {.end}\n';
const beforeForms = (file: string) => {
  const now = beforeCommentsText(file, fs.readFileSync(file, 'utf8'));
  if (file.endsWith('.css')) return now.slice(0, now.indexOf(MARK));
  return now.replace(FORM_SECTION, '').replace("chart, code or form (a form's HTML comes made by app/forms).", 'chart or code.');
};

describe.each(targets)('0020 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0020'),
    );
    for (const id of ['plain', 'journal']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'plain', name: 'page-blocks', kind: 'partial', source: beforeForms('db/seed/theme/_page-blocks.html') },
      { website_id: 'plain', name: 'theme.css', kind: 'stylesheet', source: beforeForms('db/seed/theme/theme.css') },
      { website_id: 'journal', name: 'theme.css', kind: 'stylesheet', source: beforeForms('db/seed/themes/journal/theme.css') },
      { website_id: 'journal', name: 'page-blocks', kind: 'partial', source: '{.repeated section blocks}edited{.end}' },
    ];
    await db.sql`insert into theme_template ${db.sql(rows, 'website_id', 'name', 'kind', 'source')}`;
    const body = PAGES.find((p) => p.urlId === 'contact')!.body;
    await db.sql`insert into collection (id, website_id, url_id, title, type, body) values
      ('p1-col-contact', 'plain', 'contact', 'Contact', 10, ${body}),
      ('j1-col-contact', 'journal', 'contact', 'Contact', 10, 'An edited page')`;
    await migrate(db.sql, readMigrations());
  });
  afterAll(async () => {
    await db?.close();
  });

  const source = async (id: string, name: string) =>
    (await db.sql<{ source: string }[]>`select source from theme_template where website_id = ${id} and name = ${name}`)[0]?.source;

  it('brings an unedited partial and stylesheets up to the current seed; leaves an edited partial', async () => {
    const seed = readTheme();
    const journal = readTheme('db/seed/themes/journal');
    const of = (t: typeof seed, name: string) => t.find((x) => x.name === name)!.source;
    expect(await source('plain', 'page-blocks')).toBe(of(seed, 'page-blocks'));
    expect(await source('plain', 'theme.css')).toBe(of(seed, 'theme.css'));
    expect(await source('journal', 'theme.css')).toBe(of(journal, 'theme.css'));
    expect(await source('journal', 'page-blocks')).toBe('{.repeated section blocks}edited{.end}');
  });

  it("adds the contact form to a seed's unedited Contact page only", async () => {
    const blocks = await db.sql<{ id: string; collection_id: string; settings: { formId: string } }[]>`
      select id, collection_id, settings from page_block where type = 'form'`;
    expect(blocks).toEqual([{ id: 'p1-blk-contact-form', collection_id: 'p1-col-contact', settings: { formId: 'p1-form-contact' } }]);
    const [f] = await db.sql<{ settings: { mailingListId: string } }[]>`select settings from form where id = 'p1-form-contact'`;
    expect(f.settings.mailingListId).toBe('p1-list-newsletter');
  });
});
