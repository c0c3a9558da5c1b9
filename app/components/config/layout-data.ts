// The /config layout's data (app/routes/config.tsx), for any screen inside it: the site being
// edited and what the owner's role may do there (to show or hide controls; the server checks too).
import { useRouteLoaderData } from '@remix-run/react';
import type { Permission } from '../../auth/roles.js';

export interface ConfigLayoutData {
  owner: { email: string; name: string };
  site: { id: string; title: string; baseUrl: string; currency: string; published: boolean };
  roleName: string;
  permissions: Permission[];
  sites: { id: string; title: string }[];
  nav: { to: string; label: string }[];
}

export function useConfigLayout(): ConfigLayoutData | undefined {
  return useRouteLoaderData('routes/config') as ConfigLayoutData | undefined;
}

/** Whether the owner's role may do `p` on the site being edited. */
export function useCan(p: Permission): boolean {
  return useConfigLayout()?.permissions.includes(p) ?? false;
}
