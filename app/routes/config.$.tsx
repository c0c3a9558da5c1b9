// /config/<anything else>: a 404 inside the owner area (after the sign-in check of the layout).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ownerAreaNotFound } from '../config/route-access.server.js';

export async function loader(args: LoaderFunctionArgs) {
  return ownerAreaNotFound(args);
}

export async function action(args: LoaderFunctionArgs) {
  return ownerAreaNotFound(args);
}

export default function ConfigNotFound() {
  return null;
}
