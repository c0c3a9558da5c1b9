// The owner's side of locked and member pages (issue 16): a page's rule (everyone, a password,
// signed-in site users, members of an area), the site-wide password, and the member areas (free,
// or paid through a subscription product). Every write is audited and refreshes the storefront.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { hashPassword } from '../auth/password.server.js';
import { ACCESS_LABELS } from '../access/texts.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { versionOf, type Db, type Versioned } from '../edits/versions.server.js';

export const ACCESS_KINDS = ['public', 'password', 'signed-in', 'members'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const KIND_LABELS: Record<AccessKind, string> = {
  public: 'Everyone',
  password: 'Anyone with the password',
  'signed-in': 'Signed-in site users',
  members: 'Members of a member area',
};

export const ACCESS_FORM_TEXT = {
  passwordNeeded: 'Enter a password for this page.',
  passwordLength: 'Use 4 to 256 characters.',
  areaNeeded: 'Choose a member area.',
  nameNeeded: 'Enter a name.',
  nameTooLong: 'Use at most 100 characters.',
  nameTaken: 'Another member area has this name.',
  productNeeded: 'Choose the subscription product that sells this area.',
  areaInUse: (n: number) => `${n} page${n === 1 ? '' : 's'} use this area: give them another rule first.`,
  notFound: 'This page or member area does not exist.',
} as const;

export class AccessError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

const Password = z.string().max(256, ACCESS_FORM_TEXT.passwordLength).optional();

export const PageAccessForm = z.object({
  kind: z.enum(ACCESS_KINDS),
  password: Password,
  areaId: z.string().max(100).optional(),
});

export const SiteLockForm = z.object({ intent: z.enum(['lock-site', 'unlock-site']), password: Password });

export const AreaForm = z.object({
  intent: z.literal('save-area'),
  id: z.string().max(100).optional(),
  name: z
    .string({ required_error: ACCESS_FORM_TEXT.nameNeeded })
    .trim()
    .min(1, ACCESS_FORM_TEXT.nameNeeded)
    .max(100, ACCESS_FORM_TEXT.nameTooLong),
  itemId: z.string().max(200).optional(),
});

function checkPassword(p: string | undefined): string {
  const v = p ?? '';
  if (v === '') throw new AccessError(ACCESS_FORM_TEXT.passwordNeeded, 400, 'password');
  if (v.length < 4 || v.length > 256) throw new AccessError(ACCESS_FORM_TEXT.passwordLength, 400, 'password');
  return v;
}

/** The access label of each page of the site that has a rule (the pages list), by collection id. */
export async function accessLabels(sql: Sql, websiteId: string): Promise<Record<string, string>> {
  const rows = await sql<{ collection_id: string; kind: keyof typeof ACCESS_LABELS; area: string | null }[]>`
    select a.collection_id, a.kind, m.name as area
      from page_access a join collection c on c.id = a.collection_id left join member_area m on m.id = a.member_area_id
     where c.website_id = ${websiteId}`;
  return Object.fromEntries(rows.map((r) => [r.collection_id, r.area ? `${ACCESS_LABELS[r.kind]}: ${r.area}` : ACCESS_LABELS[r.kind]]));
}

export interface PageAccessDetail {
  kind: AccessKind;
  areaId: string;
  hasPassword: boolean;
  /** The page's path, as the audit log names pages. */
  path: string;
}

/** The rule of a collection of the site, or null when there is no such collection. */
export async function pageAccessDetail(sql: Sql, websiteId: string, collectionId: string): Promise<PageAccessDetail | null> {
  const [c] = await sql<{ kind: AccessKind | null; member_area_id: string | null; has_password: boolean | null; url_id: string }[]>`
    select a.kind, a.member_area_id, a.password_hash is not null as has_password, c.url_id
      from collection c left join page_access a on a.collection_id = c.id
     where c.id = ${collectionId} and c.website_id = ${websiteId}`;
  if (!c) return null;
  return { kind: c.kind ?? 'public', areaId: c.member_area_id ?? '', hasPassword: Boolean(c.has_password), path: `/${c.url_id}` };
}

/** A page's rule as its form posts it untouched, and its password's hash (never drawn, but versioned). */
interface AccessRecord {
  kind: AccessKind;
  areaId: string;
  passwordHash: string | null;
  /** The page's path, as the audit log names pages. */
  path: string;
}

const ACCESS_FIELD_LABELS: Record<string, string> = { kind: 'Who can see it', areaId: 'Member area', password: 'Page password' };

/**
 * The rule of page `collectionId` as a versioned record (issue 28). The version covers the password
 * hash too: a new password set by someone else since the form was drawn is a change.
 */
export function pageAccessVersioned(websiteId: string, collectionId: string): Versioned<AccessRecord> {
  const fields = (r: AccessRecord) => {
    const f = new URLSearchParams({ kind: r.kind });
    if (r.areaId) f.set('areaId', r.areaId);
    return f;
  };
  return {
    thing: "page's access rule",
    websiteId,
    load: async (db: Db) => {
      const [c] = await db<{ kind: AccessKind | null; member_area_id: string | null; password_hash: string | null; url_id: string }[]>`
        select a.kind, a.member_area_id, a.password_hash, c.url_id
          from collection c left join page_access a on a.collection_id = c.id
         where c.id = ${collectionId} and c.website_id = ${websiteId}`;
      return c ? { kind: c.kind ?? 'public', areaId: c.member_area_id ?? '', passwordHash: c.password_hash, path: `/${c.url_id}` } : null;
    },
    fields,
    version: (r) => versionOf({ fields: [...fields(r)], password: r.passwordHash }),
    label: (f) => ACCESS_FIELD_LABELS[f] ?? f,
    audit: (r) => ({ targets: [r.path] }),
  };
}

/**
 * Saves a page's rule. A password page keeps its password when none is typed. `guard` runs once
 * the page's row is locked: it throws VersionConflict when the rule changed since the form was drawn.
 */
export async function savePageAccess(
  a: OwnerAccess,
  collectionId: string,
  input: z.infer<typeof PageAccessForm>,
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<void> {
  const sql = a.sql;
  const websiteId = a.site.id;
  const now = await pageAccessDetail(sql, websiteId, collectionId);
  if (!now) throw new AccessError(ACCESS_FORM_TEXT.notFound, 404);
  const keep = input.kind === 'password' && now.kind === 'password' && now.hasPassword && (input.password ?? '') === '';
  // Hashed before the transaction: it is slow on purpose, and holds no lock.
  const hash = input.kind === 'password' && !keep ? await hashPassword(checkPassword(input.password)) : null;
  await sql.begin(async (tx) => {
    await tx`select 1 from collection where id = ${collectionId} and website_id = ${websiteId} for update`;
    await guard(tx);
    if (input.kind === 'public') {
      await tx`delete from page_access where collection_id = ${collectionId}`;
    } else if (input.kind === 'password') {
      if (hash)
        await tx`
          insert into page_access (collection_id, kind, password_hash) values (${collectionId}, 'password', ${hash})
          on conflict (collection_id) do update set kind = 'password', password_hash = excluded.password_hash, member_area_id = null, updated_at = now()`;
    } else if (input.kind === 'signed-in') {
      await tx`
        insert into page_access (collection_id, kind) values (${collectionId}, 'signed-in')
        on conflict (collection_id) do update set kind = 'signed-in', password_hash = null, member_area_id = null, updated_at = now()`;
    } else {
      const [area] = input.areaId ? await tx`select 1 from member_area where id = ${input.areaId} and website_id = ${websiteId}` : [];
      if (!area) throw new AccessError(ACCESS_FORM_TEXT.areaNeeded, 400, 'areaId');
      await tx`
        insert into page_access (collection_id, kind, member_area_id) values (${collectionId}, 'members', ${input.areaId!})
        on conflict (collection_id) do update set kind = 'members', password_hash = null, member_area_id = excluded.member_area_id, updated_at = now()`;
    }
  });
  await recordAudit(sql, actorOf(a), 'page.access', now.path, {
    kind: input.kind,
    areaId: input.kind === 'members' ? input.areaId : undefined,
  });
  await storefrontChanged(sql, websiteId);
}

/** Whether the site asks for a password. */
export async function siteLocked(sql: Sql, websiteId: string): Promise<boolean> {
  const [r] = await sql`select 1 from site_lock where website_id = ${websiteId}`;
  return Boolean(r);
}

/**
 * The site's password as a versioned record (issue 28): the hash is never drawn, so the forms post
 * no field of it untouched, and the version is a hash of the hash (or of "no password"). A password
 * set, changed or removed by someone else since the screen was drawn is a conflict.
 */
export function siteLockVersioned(websiteId: string): Versioned<{ hash: string | null }> {
  return {
    thing: 'site password',
    websiteId,
    load: async (db: Db) => {
      const [r] = await db<{ password_hash: string }[]>`select password_hash from site_lock where website_id = ${websiteId}`;
      return { hash: r?.password_hash ?? null };
    },
    fields: () => new URLSearchParams(),
    version: (r) => versionOf({ siteLock: r.hash }),
    label: (f) => (f === 'password' ? 'Site password' : f),
    audit: () => ({ targets: ['Site password'] }),
  };
}

/**
 * Sets (or changes) the site's password, or removes it (null). `guard` runs under the website row's
 * lock (the site_lock row may not exist): it throws VersionConflict when the password changed since.
 */
export async function setSiteLock(
  a: OwnerAccess,
  password: string | null,
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<void> {
  const sql = a.sql;
  // Hashed before the transaction: it is slow on purpose, and holds no lock.
  const hash = password === null ? null : await hashPassword(checkPassword(password));
  await sql.begin(async (tx) => {
    await tx`select 1 from website where id = ${a.site.id} for update`;
    await guard(tx);
    if (hash === null) {
      await tx`delete from site_lock where website_id = ${a.site.id}`;
    } else {
      await tx`
        insert into site_lock (website_id, password_hash) values (${a.site.id}, ${hash})
        on conflict (website_id) do update set password_hash = excluded.password_hash, updated_at = now()`;
    }
  });
  await recordAudit(sql, actorOf(a), password === null ? 'site.unlock' : 'site.lock', 'Site password');
  await storefrontChanged(sql, a.site.id);
}

export interface AreaRow {
  id: string;
  name: string;
  paid: boolean;
  itemId: string;
  productTitle: string | null;
  pages: number;
  members: number;
}

export async function listAreas(sql: Sql, websiteId: string): Promise<AreaRow[]> {
  const rows = await sql<
    { id: string; name: string; paid: boolean; item_id: string | null; title: string | null; pages: number; members: number }[]
  >`
    select m.id, m.name, m.paid, m.item_id, i.title,
           (select count(*)::int from page_access a where a.member_area_id = m.id) as pages,
           (select count(*)::int from member_area_member x where x.member_area_id = m.id) as members
      from member_area m left join item i on i.id = m.item_id
     where m.website_id = ${websiteId}
     order by m.name`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    paid: r.paid,
    itemId: r.item_id ?? '',
    productTitle: r.title,
    pages: r.pages,
    members: r.members,
  }));
}

/** The site's subscription products (what can sell a paid area). */
export async function subscriptionProducts(sql: Sql, websiteId: string): Promise<{ value: string; label: string }[]> {
  const rows = await sql<{ id: string; title: string }[]>`
    select i.id, i.title from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id
     where c.website_id = ${websiteId} and p.is_subscribable order by i.title`;
  return rows.map((r) => ({ value: r.id, label: r.title }));
}

/** Adds or renames an area; `itemId` (a subscription product of the site) makes it paid, none free. */
export async function saveArea(a: OwnerAccess, input: z.infer<typeof AreaForm>): Promise<string> {
  const sql = a.sql;
  const itemId = input.itemId || null;
  if (itemId) {
    const products = await subscriptionProducts(sql, a.site.id);
    if (!products.some((p) => p.value === itemId)) throw new AccessError(ACCESS_FORM_TEXT.productNeeded, 400, 'itemId');
  }
  const [taken] = await sql`
    select 1 from member_area where website_id = ${a.site.id} and name = ${input.name} and id <> ${input.id ?? ''}`;
  if (taken) throw new AccessError(ACCESS_FORM_TEXT.nameTaken, 400, 'name');
  let id = input.id ?? '';
  if (id) {
    const r = await sql`
      update member_area set name = ${input.name}, paid = ${itemId !== null}, item_id = ${itemId}
       where id = ${id} and website_id = ${a.site.id} returning 1`;
    if (r.length === 0) throw new AccessError(ACCESS_FORM_TEXT.notFound, 404);
  } else {
    id = `area-${crypto.randomUUID()}`;
    await sql`
      insert into member_area (id, website_id, name, paid, item_id) values (${id}, ${a.site.id}, ${input.name}, ${itemId !== null}, ${itemId})`;
  }
  await recordAudit(sql, actorOf(a), input.id ? 'area.update' : 'area.create', input.name, { id, paid: itemId !== null });
  await storefrontChanged(sql, a.site.id);
  return id;
}

/** Deletes an area no page uses (its members go with it). */
export async function deleteArea(a: OwnerAccess, id: string): Promise<void> {
  const sql = a.sql;
  const [used] = await sql<{ n: number }[]>`select count(*)::int as n from page_access where member_area_id = ${id}`;
  if (used.n > 0) throw new AccessError(ACCESS_FORM_TEXT.areaInUse(used.n), 400);
  const r = await sql<{ name: string }[]>`delete from member_area where id = ${id} and website_id = ${a.site.id} returning name`;
  if (r.length === 0) throw new AccessError(ACCESS_FORM_TEXT.notFound, 404);
  await recordAudit(sql, actorOf(a), 'area.delete', r[0].name, { id });
  await storefrontChanged(sql, a.site.id);
}
