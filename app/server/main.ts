// The production server `npm start` runs: Express around the Remix build. It is where requests are
// bounded and checked before any route sees them (body size, CSRF, JSON on /api, security headers,
// the client's address) and where the process stops cleanly on SIGTERM. With WEB_CONCURRENCY > 1 it
// runs in each worker of a node:cluster instead (app/server/cluster.ts).
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import express from 'express';
import helmet from 'helmet';
import { describeExpiry, type CartExpiry } from '../../db/cart-expiry.server.js';
import { ConfigError, countsStatements, localOrigin, passToBuild, readEnv, workerHeaderOn, type Env } from '../utils/env.server.js';
import { doesServerChores, runPrimary, workerId } from './cluster.js';
import { createDocumentCache } from './document-cache.js';
import { guardRequest, CLIENT_ADDRESS_HEADER } from './guards.js';
import { errorText, log, requestScope } from '../utils/log.server.js';
import { API_UNAVAILABLE, NOTICES, NOTICE_STYLE } from '../utils/notices.js';
import { escapeHtml as esc } from '../utils/html.js';
import { hasOwnerCookie } from '../utils/owner-cookie.js';
import { VIDEO_PLAYER_ORIGINS } from '../config/blocks/media.js';

const CART_CLEANUP_EVERY_MS = 60 * 60 * 1000;
/**
 * The paths that serve uploaded files: /files/<id>/<name>, /config/files/<id>/content and a bought
 * download, /downloads/<grant> (its refusal page sends a CSP of its own).
 */
const FILE_PATHS = /^\/(files\/|downloads\/|config\/files\/[^/]+\/content\/?$)/;

async function main(): Promise<void> {
  let config: Env;
  try {
    config = readEnv();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`storefront: cannot start. ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  // Without NODE_ENV the app below reads production, where a stand-in translation service is refused.
  if (config.translationServiceUrl && !config.nodeEnv) {
    console.error('storefront: cannot start. TRANSLATION_SERVICE_URL is for tests: set NODE_ENV=development or test with it.');
    process.exit(1);
  }
  // The app reads the same configuration; libraries (React) pick their production builds; this
  // server closes the database itself once requests have drained.
  passToBuild(config);
  // WEB_CONCURRENCY > 1: this process only forks and watches the workers, which run what follows.
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config);
  // Once per server, not per worker (app/server/cluster.ts): in worker 1, or the only process.
  const chores = doesServerChores();
  // Tests only: which worker answered, to see that requests reach every worker.
  const workerHeader = workerHeaderOn() && cluster.isWorker ? String(workerId()) : null;

  const buildDir = path.resolve(config.buildDir);
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild & {
    entry: {
      module: {
        shutdown?: () => Promise<void>;
        startJobs?: () => Promise<void>;
        cleanupCarts?: (ttlDays: number) => Promise<CartExpiry>;
        countStatements?: <T>(counter: { statements: number; standby?: number }, fn: () => T) => T;
        readingStandbys?: <T>(fn: () => T) => T;
        siteForHost: (host: string) => Promise<{ id: string; published: boolean } | null>;
        catalogGeneration?: (websiteId: string) => number;
        onCatalogChange?: (fn: (websiteId: string) => void) => () => void;
        prepareOwners?: (opts: {
          owner?: { email: string; password: string };
          production: boolean;
          dataDir: string;
        }) => Promise<{ email: string; created: boolean; sessionsEnded: number; sites: number; passwordFile?: string } | null>;
      };
    };
  };

  // The first owner exists before anyone can try to sign in (OWNER_EMAIL/OWNER_PASSWORD, or the
  // demo's). A database that does not answer yet must not stop the server (it answers 503 until the
  // database is back): the step is tried again every 30 seconds until it succeeds.
  const prepareOwners = () =>
    build.entry.module
      .prepareOwners?.({ owner: config.owner, production: config.production, dataDir: config.dataDir })
      .then((first) => {
        if (first?.passwordFile) {
          log.info(`storefront: demo owner ${first.email} created; sign in at /config with the password in ${first.passwordFile}`);
        } else if (first) {
          log.info(`storefront: owner ${first.email} ${first.created ? 'created' : 'updated'}, administrator of ${first.sites} site(s)`);
          if (first.sessionsEnded > 0)
            log.info(`storefront: OWNER_PASSWORD is new: ${first.sessionsEnded} session(s) of ${first.email} ended`);
        }
        return true;
      })
      .catch((e: unknown) => {
        log.error(`storefront: preparing the first owner failed (tried again in 30 s): ${errorText(e)}`);
        return false;
      });
  if (chores && !(await prepareOwners())) {
    const retry = setInterval(() => {
      void prepareOwners()?.then((ok) => ok && clearInterval(retry));
    }, 30_000);
    retry.unref();
  }

  // Job workers (pg-boss): like the first owner, started again every 30 s until the database answers.
  const startJobs = () =>
    (build.entry.module.startJobs?.() ?? Promise.resolve()).then(
      () => true,
      (e: unknown) => {
        log.error(`storefront: starting the job workers failed (tried again in 30 s): ${errorText(e)}`);
        return false;
      },
    );
  if (chores && !(await startJobs())) {
    const retry = setInterval(() => {
      void startJobs().then((ok) => ok && clearInterval(retry));
    }, 30_000);
    retry.unref();
  }

  // Public pages as anonymous visitors get them, answered before Express (ADR 0031). Off with
  // DOCUMENT_CACHE_MB=0, or when the build cannot say when its catalog changes.
  const generationOf = build.entry.module.catalogGeneration;
  const documents =
    config.documentCacheMb > 0 && generationOf
      ? createDocumentCache({
          generationOf,
          onChange: build.entry.module.onCatalogChange,
          maxBytes: config.documentCacheMb * 1024 * 1024,
          onHit: (req, status, reqId) => log.info({ reqId, method: req.method, path: req.url, status, cache: 'hit' }, 'request'),
        })
      : null;

  // Catalog reads on standbys (DATABASE_READ_URL): for the requests mayReadStandby lets through.
  const standbys = config.databaseReadUrls.length > 0 ? build.entry.module.readingStandbys : undefined;

  const app = express();
  app.disable('x-powered-by');
  // The client address is the socket's, unless TRUST_PROXY says how many proxies to believe.
  app.set('trust proxy', config.trustProxy);

  // Every request gets an id: in its log lines (the pipeline's too, through the request scope), in
  // its access line, and in X-Request-Id for whoever reports a problem.
  app.use((req, res, next) => {
    const id = crypto.randomUUID();
    const started = process.hrtime.bigint();
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info({ reqId: id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    requestScope.run({ id }, next);
  });
  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
            // The theme editor's live preview runs the engine's WebAssembly build in the owner's
            // browser (ADR 0011): only owner pages may compile WebAssembly; the storefront may not.
            (req) => ((req as express.Request).path.startsWith('/config') ? "'wasm-unsafe-eval'" : ''),
          ],
          // The theme's CSS is a file of ours ('self': /theme/<hash>.css). Inline styles stay allowed
          // for the static fallback pages' style attributes and for a theme whose CSS is still a
          // <style> partial (db/migrations/0007); scripts are what a CSP must hold back.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // Video blocks frame YouTube's cookieless player and Vimeo's, and only once the visitor
          // clicks a poster (app/components/video-island.ts); nothing else of theirs is allowed.
          frameSrc: ["'self'", ...VIDEO_PLAYER_ORIGINS],
          // The forms' proof-of-work CAPTCHA (altcha) solves its challenge in workers it makes from
          // blob: URLs; only our own scripts can make them.
          workerSrc: ["'self'", 'blob:'],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
      // HSTS only means something behind https; helmet adds it, we drop it on plain http below.
      strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // A 304's headers replace those the browser stored with the page: a fresh nonce there would not
  // match the nonces in the document it keeps, and the browser would block that document's scripts.
  // Without a CSP in the 304, the stored one, made with the document, stays.
  app.use((_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: unknown[]) {
      if ((typeof args[0] === 'number' ? args[0] : this.statusCode) === 304) this.removeHeader('Content-Security-Policy');
      return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  });
  app.use((req, res, next) => {
    if (!req.secure) res.removeHeader('Strict-Transport-Security');
    // The theme's stylesheet is public, content-hashed CSS that any visitor may fetch: the owner's
    // sandboxed tweak preview (an opaque origin) links it too, so it alone may be read cross-origin
    // (ADR 0028). Everything else keeps helmet's same-origin. ('/theme/' is STYLESHEET_DIR of
    // app/storefront/theme-css.server.ts.)
    if (req.path.startsWith('/theme/')) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    next();
  });
  // An uploaded file's response sends its own nosniff and, for an SVG, a CSP that forbids its
  // scripts, on every path that serves one (the public /files/ and the owner's preview,
  // app/catalog/files.server.ts fileResponse); a page's CSP is not for a PDF or a video opened on its own.
  app.use((req, res, next) => {
    if (FILE_PATHS.test(req.path)) {
      res.removeHeader('Content-Security-Policy');
      res.removeHeader('X-Content-Type-Options');
    }
    next();
  });

  app.use(
    '/assets',
    express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  // The rest of public/ (images, favicons): mounted by name, so a page request costs no file lookup.
  const clientDir = path.join(buildDir, 'client');
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true })) {
    if (entry.name === 'assets' || entry.name.startsWith('.')) continue;
    const options = { maxAge: '1h', index: false } as const;
    if (entry.isDirectory()) app.use(`/${entry.name}`, express.static(path.join(clientDir, entry.name), options));
    else app.get(`/${entry.name}`, express.static(clientDir, options));
  }

  app.use(guardRequest(config));

  // Every request is for the site its host reaches (issue 11); an unknown host gets no site's
  // content, and an unpublished site shows visitors a notice instead. Liveness answers anyway.
  app.use((req, res, next) => {
    if (req.path === '/healthz' || req.path === '/readyz') return next();
    build.entry.module.siteForHost(req.hostname).then(
      (site) => {
        if (!site) return sendNotice(res, 404, NOTICES.noSite);
        if (!site.published && !isOwnerPath(req.path)) return sendNotice(res, 403, NOTICES.notPublished);
        res.locals.site = site;
        next();
      },
      (e: unknown) => {
        log.error(`storefront: resolving the site of ${req.hostname} failed: ${errorText(e)}`);
        res.setHeader('Retry-After', '5');
        if (req.path.startsWith('/api/')) {
          res.status(503).set('Cache-Control', 'no-store').json({ error: API_UNAVAILABLE });
          return;
        }
        sendNotice(res, 503, NOTICES.unavailable);
      },
    );
  });

  // A database that disappears under load is a 503 with Retry-After, never a 500: whatever route
  // failed on it (entry.server's handleError marks the request), its 500 is turned round here,
  // just before the status line goes out.
  app.use((req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
      if (status === 500 && requestScope.getStore()?.databaseUnavailable) {
        if (typeof args[0] === 'number') args[0] = 503;
        res.statusCode = 503;
        res.setHeader('Retry-After', '5');
        res.setHeader('Cache-Control', 'no-store');
      }
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  });

  const handler = createRequestHandler({
    build,
    mode: 'production',
    // A document request (no ?_data) gets its page HTML beside the loader data: see app/components/page-html.ts.
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      site: res.locals.site as { id: string; published: boolean },
      page: /[?&]_data=/.test(req.url) ? undefined : { html: null },
    }),
  });
  app.all('*', (req, res, next) => {
    // Routes read the client's address from this header only: the one a client sends is replaced.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    documents?.capture(req, res, res.locals.cspNonce as string, (res.locals.site as { id: string } | undefined)?.id);
    // With standbys (DATABASE_READ_URL, ADR 0033), a visitor's page may read the catalog from one;
    // writes, the owner's area and an owner's own requests (who must see what they just saved) never.
    if (standbys && mayReadStandby(req)) standbys(() => handler(req, res, next).catch(next));
    else handler(req, res, next).catch(next);
  });

  // Tests only (STOREFRONT_COUNT_STATEMENTS=1, refused in production): the SQL statements a request
  // sent before its status line, in X-Sql-Statements (and how many of them a standby answered).
  const countStatements = countsStatements() ? build.entry.module.countStatements : undefined;
  const server = http.createServer((req, res) => {
    if (workerHeader) res.setHeader('X-Storefront-Worker', workerHeader);
    if (documents?.serve(req, res)) return;
    if (!countStatements) return app(req, res);
    const counter = { statements: 0, standby: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      this.setHeader('X-Sql-Statements', String(counter.statements));
      // Of them, those a standby answered (DATABASE_READ_URL): the rest went to the primary.
      this.setHeader('X-Sql-Standby-Statements', String(counter.standby));
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    countStatements(counter, () => app(req, res));
  });
  server.listen(config.port, config.host ?? '0.0.0.0', () => {
    const where = server.address();
    const port = typeof where === 'object' && where ? where.port : config.port;
    const who = cluster.isWorker ? `worker ${workerId()} (pid ${process.pid}) ` : '';
    // Without BASE_URL, links in pages and mail are built on this address (the demo's origin).
    const links = config.baseUrl
      ? `links use BASE_URL ${config.baseUrl}`
      : `links use ${localOrigin(port, config.host)} (set BASE_URL to the public address)`;
    log.info(`storefront: ${who}listening on http://${config.host ?? 'localhost'}:${port}; ${links}`);
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;

  // Abandoned carts expire: once now, then every hour. The database lives in the build (one
  // PGlite per process), so the cleanup runs there; a failure is logged and tried again next hour.
  // The first run always reports; later ones only when they deleted something.
  let cleaning: Promise<void> | null = null;
  let runs = 0;
  const cleanup = () => {
    if (!chores || cleaning || !build.entry.module.cleanupCarts) return;
    const first = runs++ === 0;
    cleaning = build.entry.module
      .cleanupCarts(config.cartTtlDays)
      .then((r) => {
        if (first || r.abandoned + r.empty > 0) log.info(`storefront: cart cleanup: ${describeExpiry(r, config.cartTtlDays)}`);
      })
      .catch((e: unknown) => log.error(`storefront: cart cleanup failed: ${errorText(e)}`))
      .finally(() => {
        cleaning = null;
      });
  };
  cleanup();
  const cleanupTimer = setInterval(cleanup, CART_CLEANUP_EVERY_MS);
  cleanupTimer.unref();

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(cleanupTimer);
    log.info(`storefront: ${signal}: finishing requests, then closing the database`);
    // Past this, a stuck request must not keep the process alive forever.
    const force = setTimeout(() => {
      log.error('storefront: requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(() => {
      // A cleanup under way finishes first: the database closes under no statement.
      void Promise.resolve(cleaning)
        .then(() => build.entry.module.shutdown?.())
        .catch((e: unknown) => log.error(`storefront: closing the database failed: ${errorText(e)}`))
        .finally(() => process.exit(0));
    });
    // Idle keep-alive connections would hold server.close() open: close them now.
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * Whether a request may read the catalog from a standby: a GET or HEAD outside the owner's area, by
 * someone who is not signed in as an owner. Everything else reads the primary (ADR 0033).
 */
function mayReadStandby(req: express.Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (isOwnerPath(req.path)) return false;
  return !hasOwnerCookie(req.headers.cookie);
}

/** The owner area and its assets stay reachable on an unpublished site (its owners must get in). */
function isOwnerPath(p: string): boolean {
  return (
    p === '/config' ||
    p.startsWith('/config/') ||
    p.startsWith('/api/v1/') ||
    p === '/api/site-header-footer' ||
    p.startsWith('/api/commondata/')
  );
}

/** A page of our own (not a site's): unknown hosts, unpublished sites, an unreachable database. */
function sendNotice(res: express.Response, status: number, { title, text }: { title: string; text: string }): void {
  res
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${esc(title)}</title></head>` +
        `<body style="${NOTICE_STYLE}">` +
        `<main><h1>${esc(title)}</h1><p>${esc(text)}</p></main></body></html>`,
    );
}

main().catch((e: unknown) => {
  console.error(`storefront: failed to start: ${(e as Error)?.stack ?? e}`);
  process.exit(1);
});
