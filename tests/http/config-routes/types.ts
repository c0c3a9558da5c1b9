// One entry per /config route module for the permission test (tests/http/config-permissions.test.ts):
// the module's file, a path that reaches it, and the permission its loader and action require.
import type { Permission } from '../../../app/auth/roles.js';

export interface RouteCase {
  /** The route module's file name in app/routes. */
  file: string;
  /** A URL path the module answers (ids may be made up: the check comes before any lookup). */
  path: string;
  /**
   * The loader's permission; 'signed-in' when any signed-in owner may (creating a site); null when
   * the module has no loader that checks one (a redirect).
   */
  loader: Permission | 'signed-in' | null;
  /** The action's permission, as for the loader; null when the module has no action. */
  action: Permission | 'signed-in' | null;
  /** Fields to post to the action (a harmless, even invalid, submission is enough). */
  body?: Record<string, string>;
  /**
   * Intents the action takes that the route file does not name itself (its domain module reads
   * them); the test finds the others in the route's source and posts each, as refused roles.
   */
  intents?: string[];
  /**
   * What a role that has the action's permission posts to show it is let in (it must change
   * nothing: an invalid form, an unknown id). Defaults to `body`; null when no post is harmless.
   */
  allowedBody?: Record<string, string> | null;
  /** Intents that need a permission beyond the action's (deleting the site needs site.delete). */
  intentPermissions?: Record<string, Permission>;
}

/** One owner JSON API call (app/routes/api.*.ts that calls requireApiAccess) and its permission. */
export interface ApiCase {
  file: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  permission: Permission;
  /** The JSON body sent (refused roles, and allowed ones when `allowedSafe`). */
  body?: unknown;
  /** Whether a role with the permission may send `body` without changing anything (it is invalid). */
  allowedSafe: boolean;
}
