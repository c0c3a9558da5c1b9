// Migration 0039 on a database made before it: unverified custom domains (which never routed) become
// claims with their token and age, and leave website_domain; verified and temporary domains stay.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { targets } from './support/databases.js';

describe.each(targets)('0039 on a database with unverified custom domains, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0039'),
    );
    for (const id of ['a', 'b']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    await db.sql`insert into website_domain (host, website_id, kind, is_primary, verification_token, verified_at, created_at) values
      ('a.localhost', 'a', 'temporary', true, null, now(), now()),
      ('shop.a.example', 'a', 'custom', false, 'tok-a', now(), now()),
      ('pending.example', 'b', 'custom', false, 'tok-b', null, now() - interval '3 days'),
      ('tokenless.example', 'b', 'custom', false, null, null, now())`;
    await migrate(db.sql, readMigrations());
  });
  afterAll(async () => {
    await db?.close();
  });

  it('moves the unverified custom domains into claims and keeps the others', async () => {
    const routed = await db.sql<{ host: string }[]>`select host from website_domain order by host`;
    expect(routed.map((r) => r.host)).toEqual(['a.localhost', 'shop.a.example']);
    const claims = await db.sql<{ host: string; website_id: string; verification_token: string; days: number }[]>`
      select host, website_id, verification_token, extract(day from now() - created_at)::int as days
        from domain_claim order by host`;
    expect(claims.map((c) => [c.host, c.website_id, c.days])).toEqual([
      ['pending.example', 'b', 3],
      ['tokenless.example', 'b', 0],
    ]);
    expect(claims[0].verification_token).toBe('tok-b');
    // A claim without a token gets one: it could never be proven otherwise.
    expect(claims[1].verification_token).toMatch(/^[0-9a-f]{32}$/);
  });
});
