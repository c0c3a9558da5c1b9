// A visitor's variants: drawn by weight on their first page that shows a running experiment, then
// sticky for the browser session through a signed session cookie (no Max-Age: it ends with the
// session; signed, so a visitor cannot pick a variant). The query override of SPEC 6 applies for
// internal users only (the site's signed-in owners, anyone on an INTERNAL_HOSTS host), for the
// page asked, and is never stored.
import { createCookie, type Cookie } from '@remix-run/node';
import type { Sql } from '../../db/client.server.js';
import { ownerRoleOn } from '../auth/owner-role.server.js';
import { env } from '../utils/env.server.js';
import { isInternalHost, normalizeHost } from '../sites/hosts.js';
import { assign, formatPairs, overrideOf, parsePairs, sameAssignment, OVERRIDE_PARAM, type Assignment, type Running } from './rules.js';

export const EXPERIMENT_COOKIE = 'ss_exp';

let cookie: Cookie | undefined;

// Made on first use: the configuration is read once the server (or a test) has set it.
function experimentCookie(): Cookie {
  const e = env();
  cookie ??= createCookie(EXPERIMENT_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: e.secureCookies,
    secrets: e.sessionSecrets,
  });
  return cookie;
}

/** The variants the request's cookie holds ({} without one, or with one whose signature fails). */
export async function cookieAssignment(request: Request): Promise<Assignment> {
  const header = request.headers.get('Cookie');
  if (!header || !header.includes(`${EXPERIMENT_COOKIE}=`)) return {};
  try {
    const value: unknown = await experimentCookie().parse(header);
    return typeof value === 'string' ? parsePairs(value) : {};
  } catch {
    return {};
  }
}

export interface VisitorExperiments {
  /** What templates read as `experiments`: the variant of each running experiment. */
  variants: Assignment;
  /** The cookie to send when the visitor's assignment changed (a first draw, a stopped experiment). */
  setCookie: string | null;
  /** Whether an internal user's override changed what this page shows. */
  overridden: boolean;
}

export interface AssignOptions {
  /** The draw (tests inject a seeded one). */
  random?: () => number;
}

/** The visitor's variants for `running` (non-empty), drawing where none is kept yet. */
export async function visitorExperiments(
  sql: Sql,
  request: Request,
  websiteId: string,
  running: Running[],
  opts: AssignOptions = {},
): Promise<VisitorExperiments> {
  const current = await cookieAssignment(request);
  const variants = assign(running, current, opts.random);
  const setCookie = sameAssignment(variants, current) ? null : await experimentCookie().serialize(formatPairs(variants));
  const params = new URL(request.url).searchParams;
  if (!params.has(OVERRIDE_PARAM)) return { variants, setCookie, overridden: false };
  const wanted = overrideOf(params, running);
  // Internal users are the site's own owners (any role on it) and anyone on an internal host (a
  // staging or review deployment); for anyone else the parameter means nothing, so the public
  // cannot pick their variant or spoil the comparison.
  if (Object.keys(wanted).length === 0 || !(await internalUser(sql, request, websiteId))) {
    return { variants, setCookie, overridden: false };
  }
  return { variants: { ...variants, ...wanted }, setCookie, overridden: true };
}

async function internalUser(sql: Sql, request: Request, websiteId: string): Promise<boolean> {
  if (isInternalHost(normalizeHost(new URL(request.url).host), env().internalHosts)) return true;
  return (await ownerRoleOn(sql, request, websiteId)) !== null;
}
