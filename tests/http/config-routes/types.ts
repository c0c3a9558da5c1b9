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
}
