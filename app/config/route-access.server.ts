// What /config routes call first: the owner's access to the site being edited, for a permission
// (app/auth/permissions.server.ts), with the request's host site as the default site to edit.
import type { AppLoadContext } from '@remix-run/node';
import { requireOwner, type OwnerAccess } from '../auth/permissions.server.js';
import type { Permission } from '../auth/roles.js';

export async function ownerAccess(args: { request: Request; context?: AppLoadContext }, permission: Permission): Promise<OwnerAccess> {
  const host = (args.context?.site as { id?: string } | undefined)?.id ?? null;
  return requireOwner(args.request, permission, host);
}
