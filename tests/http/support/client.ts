// What the HTTP suite's tests share: the running server's base URL, requests that come from our own
// origin (as a browser's same-site form post or fetch does), and a small cookie jar per visitor.
import { inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');

const rnd = () => 1 + Math.floor(Math.random() * 254);

/** A visitor: keeps the cookies the server sets, sends them back, and never follows redirects. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  /**
   * Where this visitor comes from. The suite's server believes one proxy hop (TRUST_PROXY=1, as
   * behind a load balancer), so each visitor has an address, and a rate-limit allowance, of its own.
   */
  readonly address = `10.${rnd()}.${rnd()}.${rnd()}`;

  /**
   * `base`: another server than the suite's (one a test started itself); a function when it moves.
   * `host`: the site's host name the visitor types (`shop.localhost`), told to the server as a proxy
   * would (X-Forwarded-Host; the servers believe one hop): fetch cannot set Host itself.
   */
  constructor(
    private readonly base?: () => string,
    private readonly host?: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(path, this.base ? this.base() : baseUrl());
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.cookies.size > 0 && !('Cookie' in headers)) headers.Cookie = this.cookieHeader();
    if (!('X-Forwarded-For' in headers)) headers['X-Forwarded-For'] = this.address;
    const authority = this.host ? `${this.host}:${url.port}` : url.host;
    if (this.host && !('X-Forwarded-Host' in headers)) headers['X-Forwarded-Host'] = authority;
    // Same-origin, as a page of ours posting to us: the CSRF check lets these through.
    if (init.method && init.method !== 'GET' && init.method !== 'HEAD' && !('Origin' in headers)) {
      headers.Origin = `${url.protocol}//${authority}`;
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  /** GET a page. */
  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, { headers });
  }

  /** POST a form (application/x-www-form-urlencoded), as a browser without JavaScript does. */
  postForm(path: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
  }

  /** Send JSON with `method` (POST by default). */
  json(path: string, body: unknown, method = 'POST', headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  }
}
