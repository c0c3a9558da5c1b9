// /config/switch-site (POST siteId): edit another site the owner belongs to. The choice lives in
// the owner's server-side session; every screen then reads that site only.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { ownerSessionStorage } from '../auth/owner-session.server.js';
import { ownerAccess } from '../config/route-access.server.js';

export async function loader() {
  return redirect('/config');
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const form = await args.request.formData().catch(() => null);
  const wanted = String(form?.get('siteId') ?? '');
  const m = a.memberships.find((x) => x.websiteId === wanted);
  if (!m) return redirect('/config', 303);
  a.session.set('siteId', m.websiteId);
  return redirect('/config', { status: 303, headers: { 'Set-Cookie': await ownerSessionStorage(a.sql).commitSession(a.session) } });
}
