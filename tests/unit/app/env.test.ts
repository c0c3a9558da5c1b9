// Configuration checks at start: production needs a strong SESSION_SECRET, rotation lists are
// read newest first, and without one outside production a secret is made once in the data folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from '../../../app/utils/env.server.js';
import { isInternalHost } from '../../../app/sites/hosts.js';

const strong = 'x'.repeat(32);
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'env-test-'));

describe('readEnv', () => {
  it('refuses production without SESSION_SECRET, naming the variable', () => {
    expect(() => readEnv({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => readEnv({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/SESSION_SECRET is required in production/);
  });

  it('refuses a secret shorter than 32 characters, also as the old half of a rotation', () => {
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/shorter than 32/);
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: `${strong},short` })).toThrow(/secret 2 is shorter/);
  });

  it('reads "new,old" newest first, with Secure cookies in production', () => {
    const e = readEnv({ NODE_ENV: 'production', SESSION_SECRET: `${'n'.repeat(40)}, ${'o'.repeat(40)}` });
    expect(e.sessionSecrets).toEqual(['n'.repeat(40), 'o'.repeat(40)]);
    expect(e.secureCookies).toBe(true);
    expect(e.sessionSecretSource).toBe('env');
  });

  it('outside production makes one secret in the data folder and keeps it across restarts', () => {
    const dir = tmp();
    const a = readEnv({ DATA_DIR: dir });
    const b = readEnv({ DATA_DIR: dir });
    expect(a.sessionSecretSource).toBe('data-dir');
    expect(a.sessionSecrets[0]).toHaveLength(43);
    expect(b.sessionSecrets).toEqual(a.sessionSecrets);
    expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o077).toBe(0);
    expect(readEnv({ DATA_DIR: tmp() }).sessionSecrets[0]).not.toBe(a.sessionSecrets[0]);
  });

  it('names every invalid variable at once', () => {
    const run = () => readEnv({ PORT: 'eighty', BASE_URL: 'ftp://x', TEMPLATE_BACKEND: 'gpu', DATA_DIR: tmp() });
    expect(run).toThrow(/PORT/);
    expect(run).toThrow(/BASE_URL/);
    expect(run).toThrow(/TEMPLATE_BACKEND/);
  });

  it('takes BASE_URL as an origin only, and treats the "/" that Vite puts there as unset', () => {
    expect(readEnv({ BASE_URL: 'https://shop.example/', DATA_DIR: tmp() }).baseUrl).toBe('https://shop.example');
    expect(() => readEnv({ BASE_URL: 'https://shop.example/some/path', DATA_DIR: tmp() })).toThrow(/must be an origin only/);
    expect(readEnv({ BASE_URL: '/', DATA_DIR: tmp() }).baseUrl).toBeUndefined();
  });

  it('reads CART_TTL_DAYS as whole days (30 by default) and names a bad value', () => {
    expect(readEnv({ DATA_DIR: tmp() }).cartTtlDays).toBe(30);
    expect(readEnv({ CART_TTL_DAYS: '7', DATA_DIR: tmp() }).cartTtlDays).toBe(7);
    expect(() => readEnv({ CART_TTL_DAYS: '0', DATA_DIR: tmp() })).toThrow(
      /CART_TTL_DAYS "0" must be a whole number of days from 1 to 3650/,
    );
    expect(() => readEnv({ CART_TTL_DAYS: 'soon', DATA_DIR: tmp() })).toThrow(ConfigError);
  });

  it('reads INTERNAL_HOSTS as host names and *.domain patterns, and names a bad one', () => {
    expect(readEnv({ DATA_DIR: tmp() }).internalHosts).toEqual([]);
    expect(readEnv({ INTERNAL_HOSTS: 'Staging.Shop.example., *.review.example', DATA_DIR: tmp() }).internalHosts).toEqual([
      'staging.shop.example',
      '*.review.example',
    ]);
    expect(() => readEnv({ INTERNAL_HOSTS: 'shop.example,http://x', DATA_DIR: tmp() })).toThrow(
      /INTERNAL_HOSTS: "http:\/\/x" is not a host name or \*\.domain/,
    );
  });

  it("reads the default site, the temporary names' domain and the build folder, with their defaults", () => {
    const d = readEnv({ DATA_DIR: tmp() });
    expect([d.websiteId, d.sitesBaseDomain, d.buildDir, d.nodeEnv]).toEqual([undefined, 'localhost', 'build', undefined]);
    const e = readEnv({
      DATA_DIR: tmp(),
      NODE_ENV: 'test',
      WEBSITE_ID: 'site-2',
      SITES_BASE_DOMAIN: ' Sites.Example ',
      STOREFRONT_BUILD_DIR: '/srv/build',
    });
    expect([e.websiteId, e.sitesBaseDomain, e.buildDir, e.nodeEnv]).toEqual(['site-2', 'sites.example', '/srv/build', 'test']);
  });
});

describe('isInternalHost', () => {
  it('matches a name itself, and every name under a *.domain but not the domain', () => {
    const patterns = ['staging.shop.example', '*.review.example'];
    expect(isInternalHost('staging.shop.example', patterns)).toBe(true);
    expect(isInternalHost('pr-12.review.example', patterns)).toBe(true);
    expect(isInternalHost('review.example', patterns)).toBe(false);
    expect(isInternalHost('shop.example', patterns)).toBe(false);
    expect(isInternalHost('evilreview.example', patterns)).toBe(false);
    expect(isInternalHost(null, patterns)).toBe(false);
  });
});

describe('TRANSLATION_SERVICE_URL', () => {
  it('is read outside production (without a trailing slash) and refused in production or when not a plain URL', () => {
    expect(readEnv({ NODE_ENV: 'test', DATA_DIR: tmp(), TRANSLATION_SERVICE_URL: 'http://127.0.0.1:8787/' }).translationServiceUrl).toBe(
      'http://127.0.0.1:8787',
    );
    expect(readEnv({ NODE_ENV: 'test', DATA_DIR: tmp() }).translationServiceUrl).toBeUndefined();
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: strong, TRANSLATION_SERVICE_URL: 'http://127.0.0.1:8787' })).toThrow(
      /TRANSLATION_SERVICE_URL is for tests only/,
    );
    for (const bad of ['ftp://x.example', 'not a url', 'http://u:p@x.example', 'http://x.example/?a=1'])
      expect(() => readEnv({ NODE_ENV: 'test', DATA_DIR: tmp(), TRANSLATION_SERVICE_URL: bad }), bad).toThrow(
        /TRANSLATION_SERVICE_URL must be/,
      );
  });
});

describe('DOMAIN_VERIFICATION_URL, OEMBED_URL and FETCH_TEST_ORIGINS (test stand-ins the guarded fetch lets through)', () => {
  it('are read outside production and stop the server in production', () => {
    const e = readEnv({ NODE_ENV: 'test', DATA_DIR: tmp(), DOMAIN_VERIFICATION_URL: 'http://127.0.0.1:9000/' });
    expect(e.domainVerificationUrl).toBe('http://127.0.0.1:9000');
    expect(() => readEnv({ NODE_ENV: 'test', DATA_DIR: tmp(), DOMAIN_VERIFICATION_URL: 'ftp://x.example' })).toThrow(
      /DOMAIN_VERIFICATION_URL must be/,
    );
    expect(readEnv({ NODE_ENV: 'test', DATA_DIR: tmp(), OEMBED_URL: 'http://127.0.0.1:9001/' }).oembedUrl).toBe('http://127.0.0.1:9001');
    for (const name of ['DOMAIN_VERIFICATION_URL', 'OEMBED_URL', 'FETCH_TEST_ORIGINS'])
      expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: strong, [name]: 'http://127.0.0.1:9000' }), name).toThrow(
        new RegExp(`${name} is for tests only`),
      );
  });
});

describe('WEB_CONCURRENCY (node:cluster workers) and STOREFRONT_COUNT_STATEMENTS (tests only)', () => {
  it('is one process by default, N workers on PostgreSQL, refused above 1 on the embedded database', () => {
    expect(readEnv({ DATA_DIR: tmp() }).webConcurrency).toBe(1);
    expect(readEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(readEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://u@h/db' }).webConcurrency).toBe(4);
    expect(() => readEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY=2 needs DATABASE_URL/);
    expect(() => readEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: 'two', DATABASE_URL: 'postgres://u@h/db' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => readEnv({ DATA_DIR: tmp(), WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://u@h/db' })).toThrow(/at least 1/);
  });

  it('counting statements is read outside production and stops the server in production', () => {
    expect(() => readEnv({ NODE_ENV: 'test', DATA_DIR: tmp(), STOREFRONT_COUNT_STATEMENTS: '1' })).not.toThrow();
    expect(() => readEnv({ NODE_ENV: 'production', SESSION_SECRET: strong, STOREFRONT_COUNT_STATEMENTS: '1' })).toThrow(
      /STOREFRONT_COUNT_STATEMENTS is for tests only/,
    );
  });
});

describe('DATABASE_READ_URL (standbys the catalog reads, ADR 0033)', () => {
  it('is none by default, a comma-separated list of postgres:// URLs with DATABASE_URL, and names a bad one without its password', () => {
    expect(readEnv({ DATA_DIR: tmp() }).databaseReadUrls).toEqual([]);
    const primary = 'postgres://u@primary/shop';
    expect(
      readEnv({ DATA_DIR: tmp(), DATABASE_URL: primary, DATABASE_READ_URL: ' postgres://u@a:5433/shop , postgresql://u@b/shop,' })
        .databaseReadUrls,
    ).toEqual(['postgres://u@a:5433/shop', 'postgresql://u@b/shop']);
    expect(() => readEnv({ DATA_DIR: tmp(), DATABASE_READ_URL: 'postgres://u@a/shop' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    let message = '';
    try {
      readEnv({ DATA_DIR: tmp(), DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://u@a/shop,mysql://u:hunter22@b/shop' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/DATABASE_READ_URL: "mysql:\/\/u:\*\*\*@b\/shop" is not a postgres:\/\/ URL/);
    expect(message).not.toContain('hunter22');
  });
});

describe('analytics bounds (ADR 0025)', () => {
  it('default to 60, 100,000, 1024 MB and 20,000, read what the operator sets, and name a bad value', () => {
    expect(readEnv({ DATA_DIR: tmp() }).analytics).toEqual({ clientRate: 60, dailyRows: 100_000, storageMb: 1024, queueMax: 20_000 });
    const e = readEnv({
      DATA_DIR: tmp(),
      ANALYTICS_CLIENT_RATE: '5',
      ANALYTICS_DAILY_ROWS: ' 60 ',
      ANALYTICS_STORAGE_MB: '0.5',
      ANALYTICS_QUEUE_MAX: '100',
    });
    expect(e.analytics).toEqual({ clientRate: 5, dailyRows: 60, storageMb: 0.5, queueMax: 100 });
    // An empty value is unset (as elsewhere); a bad one stops the start instead of quietly taking the default.
    expect(readEnv({ DATA_DIR: tmp(), ANALYTICS_DAILY_ROWS: '' }).analytics.dailyRows).toBe(100_000);
    expect(() => readEnv({ DATA_DIR: tmp(), ANALYTICS_CLIENT_RATE: '1.5' })).toThrow(
      /ANALYTICS_CLIENT_RATE must be a positive whole number/,
    );
    expect(() => readEnv({ DATA_DIR: tmp(), ANALYTICS_DAILY_ROWS: '0' })).toThrow(/ANALYTICS_DAILY_ROWS must be/);
    expect(() => readEnv({ DATA_DIR: tmp(), ANALYTICS_STORAGE_MB: 'lots' })).toThrow(/ANALYTICS_STORAGE_MB must be a positive number/);
    expect(() => readEnv({ DATA_DIR: tmp(), ANALYTICS_QUEUE_MAX: '-1' })).toThrow(/ANALYTICS_QUEUE_MAX must be/);
  });
});

describe('the file storage quota (issue 33)', () => {
  it('defaults to 1000 MB (1,000,000 bytes each), reads what the operator sets, and names a bad value', () => {
    expect(readEnv({ DATA_DIR: tmp() }).fileStorageBytes).toBe(1_000_000_000);
    expect(readEnv({ DATA_DIR: tmp(), FILE_STORAGE_MB: '0.005' }).fileStorageBytes).toBe(5000);
    expect(() => readEnv({ DATA_DIR: tmp(), FILE_STORAGE_MB: 'plenty' })).toThrow(/FILE_STORAGE_MB must be a positive number/);
    expect(() => readEnv({ DATA_DIR: tmp(), FILE_STORAGE_MB: '0' })).toThrow(/FILE_STORAGE_MB must be/);
  });
});
