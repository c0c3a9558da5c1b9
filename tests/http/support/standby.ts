// A real streaming standby of the test PostgreSQL (STOREFRONT_TEST_POSTGRES) for the read-replica
// tests (ADR 0033): pg_basebackup -R of the whole cluster into a temporary folder, started with
// pg_ctl on a free port (as the postgres OS user when we are root: PostgreSQL refuses root), and
// stopped and removed after. `whyNoStandby` says which piece is missing, for the test to skip with.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from './spawn-server.js';
import { scaled } from '../../support/time-scale.js';

export interface StandbyServer {
  /** The standby's URL for `database` (a database of the primary's, replicated with the rest). */
  urlFor(database: string): string;
  /** A client on the standby's `database`, for the test's own looks (pause and resume replay). */
  sql(database: string): postgres.Sql;
  /** Stops the standby (fast shutdown); `start` brings it back. */
  stop(): void;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  remove(): Promise<void>;
}

interface Plan {
  admin: string;
  bin: string;
  /** Prefix that runs a command as the postgres OS user when we are root. */
  asPostgres: string[];
  uid?: number;
  gid?: number;
}

const quiet = { connect_timeout: 5, max: 1, onnotice: () => {} } as const;

async function plan(): Promise<Plan | string> {
  const admin = process.env.STOREFRONT_TEST_POSTGRES;
  if (!admin) return 'no PostgreSQL to replicate: set STOREFRONT_TEST_POSTGRES (as .ci/run does when one answers on 127.0.0.1:5432)';
  const sql = postgres(admin, quiet);
  let settings: { version: string; wal_level: string; senders: string; may: boolean; host: string };
  try {
    [settings] = await sql<(typeof settings)[]>`
      select current_setting('server_version_num') as version, current_setting('wal_level') as wal_level,
             current_setting('max_wal_senders') as senders,
             (select rolreplication or rolsuper from pg_roles where rolname = current_user) as may,
             coalesce(host(inet_server_addr()), '') as host`;
  } finally {
    await sql.end({ timeout: 2 }).catch(() => {});
  }
  if (settings.wal_level === 'minimal')
    return "the primary's wal_level is minimal: ALTER SYSTEM SET wal_level = replica (PostgreSQL's default), then restart it";
  if (Number(settings.senders) < 1) return "the primary's max_wal_senders is 0: ALTER SYSTEM SET max_wal_senders = 10, then restart it";
  if (!settings.may) return `the user of STOREFRONT_TEST_POSTGRES may not replicate: ALTER ROLE ... REPLICATION`;
  const major = Math.floor(Number(settings.version) / 10000);
  const bin = `/usr/lib/postgresql/${major}/bin`;
  for (const tool of ['pg_basebackup', 'pg_ctl', 'postgres'])
    if (!fs.existsSync(path.join(bin, tool))) return `${bin}/${tool} is not there: install postgresql-${major} (Debian) to run a standby`;
  if (process.getuid?.() !== 0) return { admin, bin, asPostgres: [] };
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  if (uid.status !== 0) return 'running as root without a postgres OS user to run the standby as (PostgreSQL refuses root)';
  return { admin, bin, asPostgres: ['runuser', '-u', 'postgres', '--'], uid: Number(uid.stdout), gid: Number(id('-g').stdout) };
}

function run(p: Plan, tool: string, args: string[]): { ok: boolean; out: string } {
  const [cmd, ...pre] = p.asPostgres.length ? p.asPostgres : [path.join(p.bin, tool)];
  const argv = p.asPostgres.length ? [...pre, path.join(p.bin, tool), ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: scaled(120_000) });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/**
 * A started standby, or why there cannot be one here (a missing package or primary setting: the
 * caller skips, saying so). Anything else that fails is an error.
 */
export async function startStandby(): Promise<StandbyServer | string> {
  const p = await plan();
  if (typeof p === 'string') return p;
  const admin = new URL(p.admin);
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-standby-'));
  if (p.uid !== undefined) fs.chownSync(top, p.uid, p.gid!);
  const dir = path.join(top, 'data');
  const backup = run(p, 'pg_basebackup', [
    '-h',
    admin.hostname,
    '-p',
    admin.port || '5432',
    '-U',
    decodeURIComponent(admin.username || 'postgres'),
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  if (!backup.ok) {
    fs.rmSync(top, { recursive: true, force: true });
    if (/pg_hba\.conf|authentication failed|password/i.test(backup.out))
      return `the primary refuses replication connections (${backup.out.trim().split('\n').pop()}): add "host replication all 127.0.0.1/32 trust" to its pg_hba.conf and reload`;
    throw new Error(`pg_basebackup failed:\n${backup.out}`);
  }
  const port = await freePort();
  // Debian keeps the configuration in /etc: the copy has none (or the primary's), so it gets its own.
  fs.writeFileSync(
    path.join(dir, 'postgresql.conf'),
    [
      `listen_addresses = '127.0.0.1'`,
      `port = ${port}`,
      `unix_socket_directories = '${top}'`,
      'hot_standby = on',
      'shared_buffers = 16MB',
      'fsync = off',
      // A test pauses replay for a while: the standby must not cancel its own reads meanwhile.
      'max_standby_streaming_delay = -1',
      `log_min_messages = warning`,
    ].join('\n') + '\n',
  );
  fs.writeFileSync(path.join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (p.uid !== undefined) for (const f of ['postgresql.conf', 'pg_hba.conf']) fs.chownSync(path.join(dir, f), p.uid, p.gid!);
  const log = path.join(top, 'standby.log');
  const url = (database: string) => {
    const u = new URL(p.admin);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const clients: postgres.Sql[] = [];
  const start = async () => {
    const r = run(p, 'pg_ctl', ['-D', dir, '-l', log, '-w', '-t', '60', 'start']);
    if (!r.ok) throw new Error(`pg_ctl start failed:\n${r.out}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
    // pg_ctl -w waits until it accepts connections; it is a standby once it says it is in recovery.
    const probe = postgres(url('postgres'), quiet);
    try {
      const [row] = await probe<{ recovering: boolean }[]>`select pg_is_in_recovery() as recovering`;
      if (!row.recovering) throw new Error('the copy started as a primary, not a standby');
    } finally {
      await probe.end({ timeout: 2 }).catch(() => {});
    }
  };
  const stop = () => {
    run(p, 'pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);
  };
  try {
    await start();
  } catch (e) {
    stop();
    fs.rmSync(top, { recursive: true, force: true });
    throw e;
  }
  return {
    urlFor: url,
    sql(database) {
      const c = postgres(url(database), quiet);
      clients.push(c);
      return c;
    },
    stop,
    start,
    async remove() {
      await Promise.all(clients.map((c) => c.end({ timeout: 2 }).catch(() => {})));
      stop();
      fs.rmSync(top, { recursive: true, force: true });
    },
  };
}
