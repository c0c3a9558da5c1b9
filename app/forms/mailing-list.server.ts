// A site's mailing lists and their subscribers, kept in the app: newsletter forms, restock sign-ups
// that tick "join the mailing list" and the account page all subscribe through here, and every
// newsletter email carries the one-click unsubscribe link made here.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { hashSecret } from '../utils/secret-hash.server.js';

export interface MailingList {
  id: string;
  name: string;
  subscribers: number;
}

export async function listMailingLists(sql: Sql, websiteId: string): Promise<MailingList[]> {
  const rows = await sql<{ id: string; name: string; subscribers: string }[]>`
    select l.id, l.name, count(s.email) filter (where s.unsubscribed_at is null) as subscribers
    from mailing_list l left join mailing_list_subscriber s on s.list_id = l.id
    where l.website_id = ${websiteId}
    group by l.id order by l.name`;
  return rows.map((r) => ({ id: r.id, name: r.name, subscribers: Number(r.subscribers) }));
}

export async function createMailingList(sql: Sql, websiteId: string, name: string): Promise<MailingList> {
  const id = `list-${crypto.randomBytes(6).toString('hex')}`;
  const [row] = await sql<{ id: string; name: string }[]>`
    insert into mailing_list (id, website_id, name) values (${id}, ${websiteId}, ${name.trim()})
    on conflict (website_id, name) do update set name = excluded.name
    returning id, name`;
  // Product pages offer the list on their back-in-stock form from now on.
  await storefrontChanged(sql, websiteId);
  return { id: row.id, name: row.name, subscribers: 0 };
}

/** The site's first list, the one restock sign-ups and the account page use when there is one. */
export async function defaultMailingList(sql: Sql, websiteId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await sql<{ id: string; name: string }[]>`
    select id, name from mailing_list where website_id = ${websiteId} order by created_at, id limit 1`;
  return row ?? null;
}

export interface Subscribed {
  /** The raw unsubscribe token, for the link in the confirmation email (only its hash is stored). */
  unsubscribeToken: string;
  /** False when the address was already subscribed (nothing changed but the token). */
  isNew: boolean;
}

/**
 * Subscribes an address (lower-cased) to a list of this site. A past unsubscribe is undone: the
 * visitor asked again. The token is renewed each time, so only the latest email's link works.
 */
export async function subscribe(
  sql: Sql,
  websiteId: string,
  listId: string,
  email: string,
  opts: { source: string; siteUserId?: string | null },
): Promise<Subscribed | null> {
  const token = crypto.randomBytes(24).toString('base64url');
  const rows = await sql<{ inserted: boolean }[]>`
    insert into mailing_list_subscriber (list_id, email, site_user_id, source, unsubscribe_hash)
    select l.id, ${email.toLowerCase()}, ${opts.siteUserId ?? null}, ${opts.source}, ${hashSecret(token)}
    from mailing_list l where l.id = ${listId} and l.website_id = ${websiteId}
    on conflict (list_id, email) do update set
      unsubscribe_hash = excluded.unsubscribe_hash,
      site_user_id = coalesce(excluded.site_user_id, mailing_list_subscriber.site_user_id),
      subscribed_at = case when mailing_list_subscriber.unsubscribed_at is null then mailing_list_subscriber.subscribed_at else now() end,
      unsubscribed_at = null
    returning (xmax = 0) as inserted`;
  if (rows.length === 0) return null;
  return { unsubscribeToken: token, isNew: rows[0].inserted };
}

/** One-click unsubscribe by the token from an email link; returns the list's name, or null. */
export async function unsubscribeByToken(sql: Sql, token: string): Promise<{ listName: string; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await sql<{ name: string; email: string }[]>`
    update mailing_list_subscriber s set unsubscribed_at = coalesce(s.unsubscribed_at, now())
    from mailing_list l
    where s.unsubscribe_hash = ${hashSecret(token)} and l.id = s.list_id
    returning l.name, s.email`;
  return row ? { listName: row.name, email: row.email } : null;
}

/** Unsubscribes an address from a list (the account page's switch). */
export async function unsubscribe(sql: Sql, websiteId: string, listId: string, email: string): Promise<boolean> {
  const rows = await sql`
    update mailing_list_subscriber s set unsubscribed_at = now()
    from mailing_list l
    where s.list_id = ${listId} and l.id = s.list_id and l.website_id = ${websiteId}
      and s.email = ${email.toLowerCase()} and s.unsubscribed_at is null
    returning 1`;
  return rows.length > 0;
}

/** Which of the site's lists an address is subscribed to now. */
export async function subscriptionsOf(
  sql: Sql,
  websiteId: string,
  email: string,
): Promise<{ listId: string; name: string; subscribed: boolean }[]> {
  const rows = await sql<{ id: string; name: string; subscribed: boolean }[]>`
    select l.id, l.name, (s.email is not null and s.unsubscribed_at is null) as subscribed
    from mailing_list l left join mailing_list_subscriber s on s.list_id = l.id and s.email = ${email.toLowerCase()}
    where l.website_id = ${websiteId} order by l.name`;
  return rows.map((r) => ({ listId: r.id, name: r.name, subscribed: r.subscribed }));
}
