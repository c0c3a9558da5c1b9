// What /config routes call first: the owner's access to the site being edited, for a permission
// (app/auth/permissions.server.ts), with the request's host site as the default site to edit.
import type { AppLoadContext } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireOwner, type OwnerAccess } from '../auth/permissions.server.js';
import type { Permission } from '../auth/roles.js';

export async function ownerAccess(args: { request: Request; context?: AppLoadContext }, permission: Permission): Promise<OwnerAccess> {
  const host = (args.context?.site as { id?: string } | undefined)?.id ?? null;
  return requireOwner(args.request, permission, host);
}

/**
 * /config/<anything else>: a 404 inside the owner area, after the sign-in check (a visitor who is not
 * signed in is sent to sign in, never told what exists). The route `config.$` and the storefront's
 * fallback for /config/search-like paths both answer with it.
 */
export async function ownerAreaNotFound(args: { request: Request; context?: AppLoadContext }): Promise<never> {
  await ownerAccess(args, 'site.read');
  throw json({ error: 'There is nothing at this address in your site settings.' }, { status: 404 });
}
