// What an account form post leaves for the page it redirects to (shown once): the message, the
// errors by field and what was typed (never a password), in the shopper's session flash.
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { shopperSession } from '../utils/session.server.js';

const AccountFlash = z.object({
  account: z.object({
    form: z.string().max(40),
    notice: z.string().max(500).optional(),
    formError: z.string().max(500).optional(),
    errors: z.record(z.string().max(60), z.string().max(300)).optional(),
    values: z.record(z.string().max(60), z.string().max(400)).optional(),
  }),
});
export type AccountFlash = z.infer<typeof AccountFlash>['account'];

const SECRET_FIELDS = new Set(['password', 'confirm']);

/** Leaves `flash` for the next page; password fields are dropped from the values. */
export async function setAccountFlash(request: Request, flash: AccountFlash): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(flash.values ?? {})
      .filter(([k]) => !SECRET_FIELDS.has(k))
      .map(([k, v]) => [k, String(v).slice(0, 400)]),
  );
  (await shopperSession(request)).flash({ account: { ...flash, values } });
}

/** The flash an account form left for `form`'s page, or null (another page's flash is dropped). */
export async function takeAccountFlash(request: Request, form: string): Promise<AccountFlash | null> {
  const session = await shopperSession(request);
  const parsed = AccountFlash.safeParse(session.takeFlash());
  return parsed.success && parsed.data.account.form === form ? parsed.data.account : null;
}

/** The Set-Cookie of the shopper session after a flash (or null when unchanged). */
export async function commitShopperSession(request: Request): Promise<string | null> {
  return (await shopperSession(request)).commit();
}

/** A 303 to `to` carrying the shopper session (the flash just set). */
export async function redirectWithFlash(request: Request, to: string): Promise<Response> {
  const headers = new Headers();
  const committed = await commitShopperSession(request);
  if (committed) headers.append('Set-Cookie', committed);
  return redirect(to, { status: 303, headers });
}
