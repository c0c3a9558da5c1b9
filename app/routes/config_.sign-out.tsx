// /config/sign-out (POST): ends this browser's owner session, or with `everywhere` every session
// of the owner (all devices). A GET just goes to the sign-in page.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { signOut } from '../auth/sign-in-flow.server.js';

export async function loader() {
  return redirect('/config/sign-in');
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  return signOut(await getSql(), request, form?.get('everywhere') === '1');
}
