// Back-in-stock sign-ups on PGlite and PostgreSQL: the sign-up rules (texts, in-stock refusal, a
// repeat keeps one row, the mailing list), keyset pages of groups and sign-ups, and the send job
// (each waiting address emailed once, even when the job runs again).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingList, subscriptionsOf } from '../../app/forms/mailing-list.server.js';
import { listGroups, listSignUps, PAGE_SIZE, requestSend, restockSendJob, signUp } from '../../app/forms/restock.server.js';
import { RESTOCK_TEXT } from '../../app/forms/restock-texts.js';
import { runQueuedJobs, stopJobs } from '../../app/utils/jobs.server.js';
import { composedMail } from '../../app/utils/mail-queue.server.js';
import { outboxDir } from '../../app/utils/outbox.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const run = Math.random().toString(36).slice(2, 8);

async function mailsTo(email: string): Promise<number> {
  const dir = outboxDir();
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  let n = 0;
  for (const f of files.filter((x) => x.includes('restock') && x.endsWith('.eml'))) {
    if ((await fs.readFile(path.join(dir, f), 'utf8')).includes(`To: ${email}`)) n++;
  }
  return n;
}

describe.each(targets)('restock sign-ups on $name', (target) => {
  let db: Db;
  // Each database's run writes to the same outbox: its addresses are its own.
  const tag = `${run}-${target.name}`;
  let site: string;
  let soldOut: { item_id: string; id: string };
  let inStock: { item_id: string; id: string };
  const who = () => ({ websiteId: site, actor: 'test', ownerId: null });
  beforeAll(async () => {
    db = await target.open({ seed: true });
    [{ id: site }] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
    [soldOut] = await db.sql<{ item_id: string; id: string }[]>`
      select v.item_id, v.id from variant v join item i on i.id = v.item_id join collection c on c.id = i.collection_id
      where c.website_id = ${site} and not v.unlimited and v.qty_in_stock = 0 order by v.sku limit 1`;
    [inStock] = await db.sql<{ item_id: string; id: string }[]>`
      select v.item_id, v.id from variant v join item i on i.id = v.item_id join collection c on c.id = i.collection_id
      where c.website_id = ${site} and v.qty_in_stock > 0 order by v.sku limit 1`;
  });
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  const payload = (email: string, extra: Record<string, unknown> = {}) => ({
    productId: soldOut.item_id,
    variantId: soldOut.id,
    siteVisitorEmail: { email },
    isJoinMailingList: false,
    recaptchaEnterpriseV3Token: null,
    ...extra,
  });

  it('checks the address, refuses a variant in stock, and keeps one row for a repeat', async () => {
    expect(await signUp(db.sql, site, payload('  '))).toMatchObject({ ok: false, error: RESTOCK_TEXT.emailBlank });
    expect(await signUp(db.sql, site, payload('not-an-email'))).toMatchObject({ ok: false, error: RESTOCK_TEXT.emailInvalid });
    expect(await signUp(db.sql, site, { ...payload('a@b.co'), productId: inStock.item_id, variantId: inStock.id })).toMatchObject({
      ok: false,
      status: 409,
      error: RESTOCK_TEXT.inStock,
    });
    expect(await signUp(db.sql, site, { ...payload('a@b.co'), variantId: 'nope' })).toMatchObject({ ok: false, status: 404 });
    const email = `Repeat-${tag}@Example.com`;
    expect(await signUp(db.sql, site, payload(email))).toEqual({ ok: true, created: true });
    expect(await signUp(db.sql, site, payload(email.toLowerCase()))).toEqual({ ok: true, created: false });
    const [{ n }] = await db.sql<{ n: string }[]>`select count(*) as n from restock_signup where email = ${email.toLowerCase()}`;
    expect(Number(n)).toBe(1);
  });

  it('subscribes to the default mailing list when asked', async () => {
    const list = await createMailingList(db.sql, site, 'Newsletter');
    const email = `join-${tag}@example.com`;
    expect((await signUp(db.sql, site, payload(email, { isJoinMailingList: true }))).ok).toBe(true);
    const subs = await subscriptionsOf(db.sql, site, email);
    expect(subs.find((s) => s.listId === list.id)?.subscribed).toBe(true);
  });

  it('pages groups and sign-ups with opaque cursors', async () => {
    for (let i = 0; i < PAGE_SIZE + 3; i++) {
      expect((await signUp(db.sql, site, payload(`page-${tag}-${String(i).padStart(3, '0')}@example.com`))).ok).toBe(true);
    }
    const first = await listSignUps(db.sql, site, soldOut.item_id, soldOut.id);
    expect(first.signUps).toHaveLength(PAGE_SIZE);
    expect(first.hasNextPage).toBe(true);
    const second = await listSignUps(db.sql, site, soldOut.item_id, soldOut.id, first.nextPageCursor);
    expect(second.hasNextPage).toBe(false);
    const all = [...first.signUps, ...second.signUps].map((s) => s.id);
    expect(new Set(all).size).toBe(all.length);
    const [{ n }] = await db.sql<{ n: string }[]>`select count(*) as n from restock_signup where variant_id = ${soldOut.id}`;
    expect(all).toHaveLength(Number(n));
    // A cursor that is not one of ours starts from the top rather than failing.
    expect((await listSignUps(db.sql, site, soldOut.item_id, soldOut.id, 'garbage')).signUps).toHaveLength(PAGE_SIZE);

    const groups = await listGroups(db.sql, site);
    const g = groups.signUpGroups.find((x) => x.variantId === soldOut.id);
    expect(g).toMatchObject({ productId: soldOut.item_id, waiting: Number(n), inStock: false });
    expect(groups.hasNextPage).toBe(false);
  });

  it('sends only once stock is back, and emails each waiting address once', async () => {
    expect(await requestSend(db.sql, who(), soldOut.item_id, soldOut.id)).toMatchObject({ ok: false, error: RESTOCK_TEXT.sendSoldOut });
    await db.sql`update variant set qty_in_stock = 5 where id = ${soldOut.id}`;
    const email = `repeat-${tag}@example.com`;
    const [{ n }] = await db.sql<
      { n: string }[]
    >`select count(*) as n from restock_signup where variant_id = ${soldOut.id} and notified_at is null`;
    expect(await requestSend(db.sql, who(), soldOut.item_id, soldOut.id)).toEqual({ ok: true, waiting: Number(n) });
    // Asked twice (a double click, a retried request): still one email per address.
    await requestSend(db.sql, who(), soldOut.item_id, soldOut.id);
    const ran = await runQueuedJobs(db.sql, restockSendJob);
    expect(ran.failed).toBe(0);
    // Each notice is a job of the mail queue of its own.
    expect((await runQueuedJobs(db.sql, composedMail)).failed).toBe(0);
    expect(await mailsTo(email)).toBe(1);
    const [{ waiting }] = await db.sql<{ waiting: string }[]>`
      select count(*) as waiting from restock_signup where variant_id = ${soldOut.id} and notified_at is null`;
    expect(Number(waiting)).toBe(0);
    // The job retried after it finished: nothing more is sent.
    await restockSendJob.handler(
      { websiteId: site, productId: soldOut.item_id, variantId: soldOut.id, actor: 'test', ownerId: null },
      { id: 'retry', retryCount: 1, sql: db.sql },
    );
    await runQueuedJobs(db.sql, composedMail);
    expect(await mailsTo(email)).toBe(1);
    const mail = (await fs.readdir(outboxDir())).length;
    expect(mail).toBeGreaterThan(0);
    const [audit] = await db.sql<{ detail: { sent: number } }[]>`
      select detail from audit_log where website_id = ${site} and action = 'restock.send' order by id desc limit 1`;
    expect(audit.detail.sent).toBe(Number(n));
    // Notified: the address may sign up again for the next time.
    await db.sql`update variant set qty_in_stock = 0 where id = ${soldOut.id}`;
    expect(await signUp(db.sql, site, payload(email))).toEqual({ ok: true, created: true });
    expect(await requestSend(db.sql, who(), soldOut.item_id, soldOut.id)).toMatchObject({ ok: false, status: 409 });
  });
});
