// The CSRF rule: non-GET requests from another site are refused, whichever header tells it.
import { describe, expect, it } from 'vitest';
import { checkCsrf } from '../../../app/utils/csrf.server.js';

const own = 'https://shop.example';

describe('checkCsrf', () => {
  it('lets safe methods through whatever they say', () => {
    expect(checkCsrf({ method: 'GET', ownOrigin: own, secFetchSite: 'cross-site' }).ok).toBe(true);
    expect(checkCsrf({ method: 'HEAD', ownOrigin: own, origin: 'https://evil.example' }).ok).toBe(true);
  });

  it('trusts Sec-Fetch-Site first', () => {
    expect(checkCsrf({ method: 'POST', ownOrigin: own, secFetchSite: 'same-origin', origin: 'https://evil.example' }).ok).toBe(true);
    expect(checkCsrf({ method: 'POST', ownOrigin: own, secFetchSite: 'none' }).ok).toBe(true);
    expect(checkCsrf({ method: 'POST', ownOrigin: own, secFetchSite: 'cross-site', origin: own }).ok).toBe(false);
    expect(checkCsrf({ method: 'PUT', ownOrigin: own, secFetchSite: 'same-site' }).ok).toBe(false);
  });

  it('falls back to Origin, then Referer', () => {
    expect(checkCsrf({ method: 'POST', ownOrigin: own, origin: own }).ok).toBe(true);
    expect(checkCsrf({ method: 'POST', ownOrigin: own, origin: 'https://evil.example' }).ok).toBe(false);
    expect(checkCsrf({ method: 'POST', ownOrigin: own, origin: 'null' }).ok).toBe(false);
    expect(checkCsrf({ method: 'DELETE', ownOrigin: own, referer: `${own}/cart` }).ok).toBe(true);
    expect(checkCsrf({ method: 'DELETE', ownOrigin: own, referer: 'https://evil.example/x' }).ok).toBe(false);
  });

  it('accepts the configured base origin besides the one addressed', () => {
    expect(checkCsrf({ method: 'POST', ownOrigin: 'http://10.0.0.5:3000', alsoOwn: [own], origin: own }).ok).toBe(true);
  });

  it('lets a request that names no source through (a script with its own cookies)', () => {
    expect(checkCsrf({ method: 'POST', ownOrigin: own }).ok).toBe(true);
  });
});
