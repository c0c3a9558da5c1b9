// The process's configuration, read from the environment and validated once (zod). A bad value
// stops the server at start with a message that says which variable and why, never at a request.
// The one module of the project that reads process.env (a few switches are read at each use: see the
// end). It is in db/, the bottom layer, so that the database client and its CLI read here too; the app
// imports it through app/utils/env.server.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readUrls } from './replicas.server.js';

const MIN_SECRET = 32;
/** Days an open cart is kept after its last change (CART_TTL_DAYS), by default and at most. */
export const CART_TTL_DEFAULT_DAYS = 30;
const CART_TTL_MAX_DAYS = 3650;

/** CART_TTL_DAYS as days, or why it is not a valid value (the server's config and the CLI's cartTtlFromEnv). */
export function parseCartTtlDays(raw: string | undefined): { ok: true; days: number } | { ok: false; error: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, days: CART_TTL_DEFAULT_DAYS };
  const s = raw.trim();
  if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > CART_TTL_MAX_DAYS) {
    return { ok: false, error: `CART_TTL_DAYS ${JSON.stringify(raw)} must be a whole number of days from 1 to ${CART_TTL_MAX_DAYS}` };
  }
  return { ok: true, days: Number(s) };
}

/** `raw` as an origin ("https://shop.example"), or why it is not one. */
export function parseOrigin(raw: string): { ok: true; origin: string } | { ok: false; error: string } {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return { ok: false, error: 'is not a URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, error: 'must start with http:// or https://' };
  if (u.username || u.password) return { ok: false, error: 'must not carry a user name or password' };
  if (u.pathname !== '/' || u.search || u.hash) return { ok: false, error: 'must be an origin only, with no path, query or fragment' };
  return { ok: true, origin: u.origin };
}

/**
 * The demo's origin when BASE_URL is unset: http on the host and port the server listens on, so
 * `PORT=4101 npm start` builds its links on :4101. An any-address host (unset, 0.0.0.0, ::) reads
 * as localhost; port 0 (a port the system picks) cannot be known here and reads as 3000.
 */
export function localOrigin(port: number, host?: string): string {
  const h = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const p = port === 0 ? 3000 : port;
  return `http://${h}${p === 80 ? '' : `:${p}`}`;
}

const Origin = z.string().transform((raw, ctx) => {
  const r = parseOrigin(raw);
  if (r.ok) return r.origin;
  ctx.addIssue({ code: 'custom', message: `BASE_URL ${JSON.stringify(raw)} ${r.error} (example: https://shop.example)` });
  return z.NEVER;
});

// The outbox sends over SMTP when set: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS).
const SmtpUrl = z.string().transform((raw, ctx) => {
  let u: URL | null = null;
  try {
    u = new URL(raw);
  } catch {
    // reported below
  }
  if (u && (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '') return u.href;
  ctx.addIssue({
    code: 'custom',
    message: 'SMTP_URL must be an smtp:// or smtps:// URL with a host (example: smtps://user:password@mail.example:465)',
  });
  return z.NEVER;
});

const CartTtl = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const r = parseCartTtlDays(raw);
    if (r.ok) return r.days;
    ctx.addIssue({ code: 'custom', message: r.error });
    return z.NEVER;
  });

// "staging.shop.example,*.review.example": hosts where the deployment is internal (SPEC 6), in the
// normal form app/sites/hosts.ts compares (lower case, no port).
const HOST_PATTERN = /^(\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const InternalHosts = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const out: string[] = [];
    for (const part of (raw ?? '').split(',')) {
      const p = part.trim().toLowerCase().replace(/\.$/, '');
      if (p === '') continue;
      if (HOST_PATTERN.test(p)) out.push(p);
      else ctx.addIssue({ code: 'custom', message: `INTERNAL_HOSTS: ${JSON.stringify(part.trim())} is not a host name or *.domain` });
    }
    return out;
  });

// A test's local stand-in for an outside service: where the machine-translation client sends its
// calls (TRANSLATION_SERVICE_URL) or where domain verification reads tokens (DOMAIN_VERIFICATION_URL).
// Refused in production (checked in readEnv), where those addresses are the real ones.
const standInUrl = (name: string) =>
  z.string().transform((raw, ctx) => {
    let u: URL | null = null;
    try {
      u = new URL(raw);
    } catch {
      // reported below
    }
    if (u && (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !u.search && !u.hash)
      return u.href.replace(/\/+$/, '');
    ctx.addIssue({
      code: 'custom',
      message: `${name} must be an http:// or https:// URL without credentials, query or fragment (example: http://127.0.0.1:8787)`,
    });
    return z.NEVER;
  });
const ServiceUrl = standInUrl('TRANSLATION_SERVICE_URL');

// An operator's bound (ADR 0025): a positive number, whole where `whole`; unset means the default.
const bound = (name: string, fallback: number, whole = true) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const n = Number(raw);
      if ((whole ? Number.isSafeInteger(n) : Number.isFinite(n)) && n > 0) return n;
      ctx.addIssue({ code: 'custom', message: `${name} must be a positive ${whole ? 'whole ' : ''}number (default ${fallback})` });
      return z.NEVER;
    });

// "postgres://standby-a/shop,postgres://standby-b/shop": each a PostgreSQL connection string.
const ReadUrls = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const out: string[] = [];
    for (const part of (raw ?? '').split(',')) {
      const p = part.trim();
      if (p === '') continue;
      let u: URL | null = null;
      try {
        u = new URL(p);
      } catch {
        // reported below
      }
      if (u && (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '') out.push(p);
      else
        ctx.addIssue({
          code: 'custom',
          message: `DATABASE_READ_URL: ${JSON.stringify(redactUrl(p))} is not a postgres:// URL with a host (example: postgres://user@standby:5432/shop)`,
        });
    }
    return out;
  });

/** A connection string with its password masked, for a configuration error. */
function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return raw.replace(/:[^:@/]*@/, ':***@');
  }
}

// A yes/no switch: 1, true or yes (any case) turn it on; anything else leaves it off.
const Flag = z
  .string()
  .optional()
  .transform((raw) => ['1', 'true', 'yes'].includes((raw ?? '').trim().toLowerCase()));

const Schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  // Streaming standbys of DATABASE_URL's PostgreSQL, comma-separated: the catalog's reads (ADR 0033).
  DATABASE_READ_URL: ReadUrls,
  DATA_DIR: z.string().min(1).default('.data'),
  // "new,old": the first signs, every one is accepted (rotation without logging shoppers out).
  SESSION_SECRET: z.string().optional(),
  BASE_URL: Origin.optional(),
  // How many proxies in front of the server may be believed about the client's address.
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: SmtpUrl.optional(),
  TEMPLATE_BACKEND: z.enum(['wasm', 'ts']).default('wasm'),
  // Overrides the Secure flag (default: on in production): '0' for a production build on plain http.
  COOKIE_SECURE: z.enum(['0', '1']).optional(),
  // Open carts untouched for this many days are deleted with their lines (db/cart-expiry.server.ts).
  CART_TTL_DAYS: CartTtl,
  // Megabytes of public pages kept whole for anonymous visitors (app/server/document-cache.ts, ADR 0031); 0 turns it off.
  DOCUMENT_CACHE_MB: z.coerce.number().int('DOCUMENT_CACHE_MB must be a whole number').min(0).max(4096).default(64),
  // Worker processes serving the port (node:cluster, app/server/cluster.ts); PostgreSQL only above 1.
  WEB_CONCURRENCY: z.coerce
    .number()
    .int('WEB_CONCURRENCY must be a whole number of worker processes')
    .min(1, 'WEB_CONCURRENCY must be at least 1')
    .max(256, 'WEB_CONCURRENCY must be at most 256')
    .default(1),
  // The first owner: created (or given this password) at start, administrator of every site.
  OWNER_EMAIL: z.string().email('OWNER_EMAIL must be an email address').optional(),
  OWNER_PASSWORD: z.string().min(10, 'OWNER_PASSWORD must be at least 10 characters').optional(),
  INTERNAL_HOSTS: InternalHosts,
  // Tests only: a stand-in for the translation service's host (app/languages/deepl.server.ts).
  TRANSLATION_SERVICE_URL: ServiceUrl.optional(),
  DOMAIN_VERIFICATION_URL: standInUrl('DOMAIN_VERIFICATION_URL').optional(),
  // Tests only: a stand-in for YouTube's and Vimeo's oEmbed, asked as <url>/youtube?url=... and
  // <url>/vimeo?url=... (app/config/blocks/oembed.server.ts).
  OEMBED_URL: standInUrl('OEMBED_URL').optional(),
  // Origins of a test's local receivers (webhooks) the guarded fetch lets through; refused in production.
  FETCH_TEST_ORIGINS: z.string().optional(),
  // Tests only: each response says how many SQL statements it cost (X-Sql-Statements; of them on a
  // standby, X-Sql-Standby-Statements); refused in production.
  STOREFRONT_COUNT_STATEMENTS: z.enum(['0', '1']).optional(),
  // Megabytes (1,000,000 bytes, SPEC 9) of uploaded files each site may keep (app/config/files.server.ts).
  FILE_STORAGE_MB: bound('FILE_STORAGE_MB', 1000, false),
  ANALYTICS_CLIENT_RATE: bound('ANALYTICS_CLIENT_RATE', 60),
  ANALYTICS_DAILY_ROWS: bound('ANALYTICS_DAILY_ROWS', 100_000),
  ANALYTICS_STORAGE_MB: bound('ANALYTICS_STORAGE_MB', 1024, false),
  ANALYTICS_QUEUE_MAX: bound('ANALYTICS_QUEUE_MAX', 20_000),
  // Checked at start with the rest; read at each use by analyticsDisabled() below.
  ANALYTICS_DISABLED: Flag,
  // The site a deployment serves on BASE_URL and the catalog reads by default (else the first one).
  WEBSITE_ID: z.string().min(1).optional(),
  // The domain new sites get a temporary name under (name.SITES_BASE_DOMAIN).
  SITES_BASE_DOMAIN: z
    .string()
    .optional()
    .transform((raw) => (raw ?? '').toLowerCase() || 'localhost'),
  // Where app/server/main.ts finds the Remix build.
  STOREFRONT_BUILD_DIR: z.string().min(1).default('build'),
});

export interface Env {
  production: boolean;
  /** NODE_ENV as set (unset: the server below reads production, app/server/main.ts). */
  nodeEnv?: 'production' | 'development' | 'test';
  port: number;
  host?: string;
  databaseUrl?: string;
  /** Standbys the catalog may read from (DATABASE_READ_URL); empty: everything reads DATABASE_URL. */
  databaseReadUrls: string[];
  dataDir: string;
  /** Newest first: the first signs cookies, all of them verify. */
  sessionSecrets: string[];
  /** Where the session secret came from: the environment, or generated into the data folder. */
  sessionSecretSource: 'env' | 'data-dir';
  baseUrl?: string;
  /** Where links are built when a site has no base_url of its own: BASE_URL, else `localOrigin`. */
  defaultOrigin: string;
  trustProxy: number;
  smtpUrl?: string;
  templateBackend: 'wasm' | 'ts';
  /** Cookies carry Secure in production (they then travel over https only). */
  secureCookies: boolean;
  /** Days after its last change that an open cart is deleted (default 30). */
  cartTtlDays: number;
  /** Megabytes the document cache keeps (0: off). */
  documentCacheMb: number;
  /**
   * Worker processes sharing the port (WEB_CONCURRENCY, default 1: one process, no cluster). Above 1,
   * a primary migrates the database once and forks them (app/server/cluster.ts); PostgreSQL only.
   */
  webConcurrency: number;
  /** The first owner to create or update at start (both set, or neither). */
  owner?: { email: string; password: string };
  /** Hosts (or `*.domain` patterns) where anyone counts as an internal user (experiment overrides). */
  internalHosts: string[];
  /** A stand-in for the translation service's host (never in production). */
  translationServiceUrl?: string;
  /** A stand-in that serves domain verification tokens as <url>/<host>/.well-known/... (never in production). */
  domainVerificationUrl?: string;
  /** A stand-in for the video providers' oEmbed: <url>/youtube?url=, <url>/vimeo?url= (never in production). */
  oembedUrl?: string;
  /** Analytics bounds (ADR 0025, docs/running.md's table). */
  analytics: {
    /** Ingest requests per 30 s a visitor may send to one site (an address five times as many). */
    clientRate: number;
    /** Rows a site may add per UTC day over the three analytics tables. */
    dailyRows: number;
    /** Megabytes the three tables may take before the oldest day partitions are dropped. */
    storageMb: number;
    /** Rows the in-process ingest queue holds at most. */
    queueMax: number;
  };
  /** Bytes of uploaded files a site may keep (FILE_STORAGE_MB, default 1000 MB = 1 GB). */
  fileStorageBytes: number;
  /** The default site (WEBSITE_ID), else the first one in the database. */
  websiteId?: string;
  /** The domain new sites get a temporary name under (default localhost). */
  sitesBaseDomain: string;
  /** The Remix build's folder (default build). */
  buildDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, as shells and .env files often leave them. */
function present(raw: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  // Vite and Vitest put their own base path into BASE_URL ("/"): a bare path names no origin.
  if (out.BASE_URL === '/') delete out.BASE_URL;
  return out;
}

/**
 * The session secret kept in the data folder for a server without SESSION_SECRET outside
 * production: made once with a CSPRNG, readable by this user only, the same on every restart.
 */
function dataDirSecret(dataDir: string): string {
  const file = path.join(path.resolve(dataDir), 'session-secret');
  try {
    const s = fs.readFileSync(file, 'utf8').trim();
    if (s.length >= MIN_SECRET) return s;
  } catch {
    // not made yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const s = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, s + '\n', { mode: 0o600 });
  return s;
}

/** Reads and checks the configuration; throws ConfigError with every problem named. */
export function readEnv(raw: Record<string, string | undefined> = process.env): Env {
  const r = Schema.safeParse(present(raw));
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = r.data;
  const production = e.NODE_ENV === 'production';
  if (Boolean(e.OWNER_EMAIL) !== Boolean(e.OWNER_PASSWORD)) {
    throw new ConfigError('OWNER_EMAIL and OWNER_PASSWORD go together: set both to create the first owner, or neither.');
  }
  if (production && e.TRANSLATION_SERVICE_URL) {
    throw new ConfigError(
      "TRANSLATION_SERVICE_URL is for tests only: in production the translation service's address is the provider's own. Unset it.",
    );
  }
  if (production && e.STOREFRONT_COUNT_STATEMENTS) {
    throw new ConfigError('STOREFRONT_COUNT_STATEMENTS is for tests only: a production server says nothing of its SQL. Unset it.');
  }
  for (const name of ['DOMAIN_VERIFICATION_URL', 'OEMBED_URL', 'FETCH_TEST_ORIGINS'] as const) {
    if (production && e[name]) {
      throw new ConfigError(`${name} is for tests only: in production the server fetches public addresses only. Unset it.`);
    }
  }
  if (e.DATABASE_READ_URL.length > 0 && !e.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_READ_URL needs DATABASE_URL: standbys replicate a PostgreSQL primary, and the embedded database has none. ' +
        'Set DATABASE_URL to the primary, or unset DATABASE_READ_URL.',
    );
  }
  // Each worker is a process of its own, and the embedded database serves one process only.
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${e.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database (PGlite) serves one process only. ` +
        'Set DATABASE_URL to a PostgreSQL shared by the workers, or unset WEB_CONCURRENCY (or set it to 1) to run one process.',
    );
  }
  let sessionSecrets: string[];
  let sessionSecretSource: Env['sessionSecretSource'];
  if (e.SESSION_SECRET) {
    sessionSecrets = e.SESSION_SECRET.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const short = sessionSecrets.findIndex((s) => s.length < MIN_SECRET);
    if (short >= 0) throw new ConfigError(`SESSION_SECRET: secret ${short + 1} is shorter than ${MIN_SECRET} characters.`);
    sessionSecretSource = 'env';
  } else if (production) {
    throw new ConfigError(
      `SESSION_SECRET is required in production: set it to a random string of at least ${MIN_SECRET} characters ` +
        `(for example: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"). ` +
        'To rotate, set "new,old": the new one signs, both are accepted.',
    );
  } else {
    sessionSecrets = [dataDirSecret(e.DATA_DIR)];
    sessionSecretSource = 'data-dir';
  }
  return {
    production,
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: e.DATABASE_READ_URL,
    dataDir: e.DATA_DIR,
    sessionSecrets,
    sessionSecretSource,
    baseUrl: e.BASE_URL,
    defaultOrigin: e.BASE_URL ?? localOrigin(e.PORT, e.HOST),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    templateBackend: e.TEMPLATE_BACKEND,
    secureCookies: e.COOKIE_SECURE ? e.COOKIE_SECURE === '1' : production,
    cartTtlDays: e.CART_TTL_DAYS,
    documentCacheMb: e.DOCUMENT_CACHE_MB,
    webConcurrency: e.WEB_CONCURRENCY,
    owner: e.OWNER_EMAIL && e.OWNER_PASSWORD ? { email: e.OWNER_EMAIL, password: e.OWNER_PASSWORD } : undefined,
    internalHosts: e.INTERNAL_HOSTS,
    translationServiceUrl: e.TRANSLATION_SERVICE_URL,
    domainVerificationUrl: e.DOMAIN_VERIFICATION_URL,
    oembedUrl: e.OEMBED_URL,
    analytics: {
      clientRate: e.ANALYTICS_CLIENT_RATE,
      dailyRows: e.ANALYTICS_DAILY_ROWS,
      storageMb: e.ANALYTICS_STORAGE_MB,
      queueMax: e.ANALYTICS_QUEUE_MAX,
    },
    fileStorageBytes: Math.floor(e.FILE_STORAGE_MB * 1_000_000),
    websiteId: e.WEBSITE_ID,
    sitesBaseDomain: e.SITES_BASE_DOMAIN,
    buildDir: e.STOREFRONT_BUILD_DIR,
  };
}

let cached: Env | undefined;

/** The process's configuration, read on first use. */
export function env(): Env {
  cached ??= readEnv();
  return cached;
}

// ---- Read at each use, or before the configuration -------------------------------------------
// Switches that in-process tests flip between cases (the unit and integration suites run without
// a server), so they are read from process.env every time instead of from env()'s copy; the
// server checked their values at start all the same. And what is needed before readEnv may run.

/** The global analytics switch (SPEC 6): ANALYTICS_DISABLED=1, true or yes. */
export function analyticsDisabled(): boolean {
  return Flag.parse(process.env.ANALYTICS_DISABLED);
}

/**
 * Origins (scheme://host:port) of a test's local stand-ins the guarded fetch lets through:
 * TRANSLATION_SERVICE_URL, DOMAIN_VERIFICATION_URL, OEMBED_URL and FETCH_TEST_ORIGINS (comma-separated).
 * None in production (where the server also refuses to start with them set).
 */
export function testOrigins(): Set<string> {
  const e = process.env;
  if (e.NODE_ENV === 'production') return new Set();
  const raw = [e.TRANSLATION_SERVICE_URL, e.DOMAIN_VERIFICATION_URL, e.OEMBED_URL, ...(e.FETCH_TEST_ORIGINS ?? '').split(',')];
  const out = new Set<string>();
  for (const r of raw) {
    if (!r?.trim()) continue;
    try {
      out.add(new URL(r.trim()).origin);
    } catch {
      // not a URL: allows nothing
    }
  }
  return out;
}

/**
 * The log level (trace, debug, info, warn, error, fatal, silent; info by default, silent under
 * vitest): read when the logger is made, before readEnv, so a configuration error can be logged.
 */
export function logLevel(): string {
  return process.env.LOG_LEVEL || (process.env.VITEST ? 'silent' : 'info');
}

/** The password `npm run owner:create` sets, when given as OWNER_PASSWORD (a CLI, not the server: no pairing with OWNER_EMAIL). */
export function ownerPasswordFromEnv(): string | undefined {
  return process.env.OWNER_PASSWORD || undefined;
}

// ---- The database and the server's processes --------------------------------------------------
// Read without readEnv's checks: the database CLIs (db/cli.ts, app/auth/owner-cli.ts) open the
// database with no server settings (SESSION_SECRET...), and the database client opens it on first use.

/** What the database client opens (db/client.server.ts's OpenOptions; `raw` for tests). */
export interface DatabaseSettings {
  url?: string;
  readUrls?: string[];
  max?: number;
  connectTimeoutS?: number;
  dataDir?: string;
}

/**
 * DATABASE_URL (with its standbys DATABASE_READ_URL, DATABASE_POOL_MAX and DATABASE_CONNECT_TIMEOUT_S),
 * else PGlite in DATA_DIR (default .data/).
 */
export function databaseFromEnv(raw: Record<string, string | undefined> = process.env): DatabaseSettings {
  const url = raw.DATABASE_URL?.trim();
  // DATABASE_CONNECT_TIMEOUT_S: tests of an unreachable database wait one second, not five, per try.
  const timeout = Number(raw.DATABASE_CONNECT_TIMEOUT_S);
  if (url)
    return {
      url,
      readUrls: readUrls(raw.DATABASE_READ_URL),
      max: raw.DATABASE_POOL_MAX ? Number(raw.DATABASE_POOL_MAX) : undefined,
      connectTimeoutS: timeout > 0 ? timeout : undefined,
    };
  return { dataDir: raw.DATA_DIR?.trim() || '.data' };
}

/** CART_TTL_DAYS for `npm run db:cleanup`, checked before the database opens (as the server does at start). */
export function cartTtlFromEnv(): ReturnType<typeof parseCartTtlDays> {
  return parseCartTtlDays(process.env.CART_TTL_DAYS);
}

/** STOREFRONT_ROOT: the project folder, where db/paths.server.ts looks first for what ships next to the code. */
export function projectRootFromEnv(): string | undefined {
  return process.env.STOREFRONT_ROOT || undefined;
}

/**
 * Tests only: STOREFRONT_COUNT_STATEMENTS=1 (refused in production by readEnv) counts each request's
 * SQL statements. Read at each statement, as tests flip it.
 */
export function countsStatements(): boolean {
  return process.env.STOREFRONT_COUNT_STATEMENTS === '1';
}

/** The variables the cluster's primary (app/server/cluster.ts) gives each worker it forks. */
export const WORKER_VARS = {
  /** The worker's number, 1..N. */
  id: 'STOREFRONT_WORKER_ID',
  /** '1': the primary migrated and seeded the database already. */
  dbPrepared: 'STOREFRONT_DB_PREPARED',
} as const;

/** This worker's number as its primary set it (0 when unset: no cluster). */
export function workerIdFromEnv(): number {
  return Number(process.env[WORKER_VARS.id]) || 0;
}

/** Whether the cluster's primary prepared the database before forking this worker (no migrations again). */
export function databasePrepared(): boolean {
  return process.env[WORKER_VARS.dbPrepared] === '1';
}

/** Tests only: STOREFRONT_WORKER_HEADER=1 makes each worker name itself in X-Storefront-Worker. */
export function workerHeaderOn(): boolean {
  return process.env.STOREFRONT_WORKER_HEADER === '1';
}

/** Whether the server closes the database itself once requests have drained (set by passToBuild). */
export function managedShutdown(): boolean {
  return process.env.STOREFRONT_MANAGED_SHUTDOWN === '1';
}

/**
 * The server entry (app/server/main.ts, bundled apart) hands its checked configuration to the Remix
 * build, which reads the environment again: the session secret (generated into the data folder when
 * unset), cookies without Secure on a demo without NODE_ENV, production for libraries (React) when
 * NODE_ENV is unset, and that the server closes the database itself.
 */
export function passToBuild(config: Env): void {
  process.env.SESSION_SECRET = config.sessionSecrets.join(',');
  // NODE_ENV=production set by the operator means production (Secure cookies, a required secret);
  // `npm start` without it is the demo on plain http, served with React's production build all the same.
  if (!config.production) process.env.COOKIE_SECURE ??= '0';
  process.env.NODE_ENV ??= 'production';
  process.env.STOREFRONT_MANAGED_SHUTDOWN = '1';
}
