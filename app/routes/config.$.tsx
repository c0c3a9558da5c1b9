// /config/<anything else>: a 404 inside the owner area (after the sign-in check of the layout).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { ownerAccess } from '../config/route-access.server.js';

export async function loader(args: LoaderFunctionArgs) {
  await ownerAccess(args, 'site.read');
  throw json({ error: 'There is nothing at this address in your site settings.' }, { status: 404 });
}

export async function action(args: LoaderFunctionArgs) {
  return loader(args);
}

export default function ConfigNotFound() {
  return null;
}
