// The one-shot flash: what a form post without JavaScript leaves in the shopper's session for the
// page its 303 goes to (shown once). One kind per form family, read back through zod by its kind.
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { shopperSession, type ShopperSession } from './session.server.js';

/** A cart, checkout or back-in-stock form post's answer: an error with what was typed, or what was added. */
/** A typed quantity longer than this is not shown again (the cart refuses it with the spec's text all the same). */
const QUANTITY_TYPED_MAX = 40;

const CartFlash = z.object({
  itemId: z.string().max(200).optional(),
  sku: z.string().max(200).optional(),
  /** The quantity as typed, kept after an error. */
  quantity: z.string().max(QUANTITY_TYPED_MAX).optional(),
  /**
   * The product options the form posted (`option.<Name>` fields, the chosen ones), so that the
   * product page shows them chosen again: after an error, and after an add (its price and stock).
   */
  options: z
    .record(z.string().max(64), z.string().max(128))
    .refine((o) => Object.keys(o).length <= 20)
    .optional(),
  error: z.string().max(500).optional(),
  added: z.object({ title: z.string().max(300), quantity: z.number().int() }).optional(),
  /** A /cart page message (quantity update or removal failed). */
  entryId: z.string().max(200).optional(),
  /** The failed checkout submit whose field errors (kept on the cart's checkout draft) to show. */
  checkoutToken: z.string().max(64).optional(),
  /** A back-in-stock form post's answer (app/forms/restock-markup.ts). */
  restock: z
    .object({ variantId: z.string().max(200), ok: z.boolean(), message: z.string().max(500), email: z.string().max(300).optional() })
    .optional(),
});
export type CartFlash = z.infer<typeof CartFlash>;

/** A site user's account form post: the message, the errors by field and what was typed (never a password). */
const AccountFlash = z.object({
  /** The form it belongs to ('sign-in', 'sign-up', 'forgot', 'reset', 'account'): another page ignores it. */
  form: z.string().max(40),
  notice: z.string().max(500).optional(),
  formError: z.string().max(500).optional(),
  errors: z.record(z.string().max(60), z.string().max(300)).optional(),
  values: z.record(z.string().max(60), z.string().max(400)).optional(),
});
export type AccountFlash = z.infer<typeof AccountFlash>;

/** A lock screen's post (app/access): the error for the lock of `scope`, and how long to wait after too many. */
const AccessFlash = z.object({
  scope: z.string().max(100),
  error: z.string().max(300),
  retryAfterS: z.number().int().positive().max(86_400).optional(),
});
type AccessFlash = z.infer<typeof AccessFlash>;

interface FlashKinds {
  cart: CartFlash;
  account: AccountFlash;
  access: AccessFlash;
}
export type FlashKind = keyof FlashKinds;

// As the session holds it: the kind, when it was left, and the message.
const Stored = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cart'), at: z.number(), value: CartFlash }),
  z.object({ kind: z.literal('account'), at: z.number(), value: AccountFlash }),
  z.object({ kind: z.literal('access'), at: z.number(), value: AccessFlash }),
]);
type Stored = z.infer<typeof Stored>;

/** Chosen options beyond this size (JSON characters) are not kept: the session cookie must stay small. */
const OPTIONS_MAX = 1024;
/** Never kept in a cookie, even signed: what was typed in these fields is not shown again. */
const SECRET_FIELDS = new Set(['password', 'confirm']);
/**
 * A flash not shown within this time is dropped (a form posted in a tab then left): the message
 * belongs to the page the post redirected to, not to a visit days later.
 */
const FLASH_TTL_MS = 2 * 60 * 1000;

// What of each kind goes into the cookie: it must stay small and hold no secret.
const kept: { [K in FlashKind]: (v: FlashKinds[K]) => FlashKinds[K] } = {
  cart: (f) => {
    const k = { ...f };
    if (k.options && JSON.stringify(k.options).length > OPTIONS_MAX) delete k.options;
    if (k.quantity !== undefined && k.quantity.length > QUANTITY_TYPED_MAX) delete k.quantity;
    return k;
  },
  account: (f) => ({
    ...f,
    values: Object.fromEntries(
      Object.entries(f.values ?? {})
        .filter(([k]) => !SECRET_FIELDS.has(k))
        .map(([k, v]) => [k, String(v).slice(0, 400)]),
    ),
  }),
  access: (f) => f,
};

/** Leaves a flash of `kind` in the session for the page the post redirects to (the caller commits it). */
export function setFlash<K extends FlashKind>(session: ShopperSession, kind: K, value: FlashKinds[K]): void {
  session.flash({ kind, at: Date.now(), value: kept[kind](value) });
}

// The flash a request carries, taken from its session once: the page pipeline and a loader both ask,
// each for its own kind (the lock screen's, then the page's cart message; an account page's).
const taken = new WeakMap<Request, Promise<Stored | null>>();

/**
 * The request's flash when it is of `kind` (and `where` accepts it), else null: none, too old, of
 * another kind or shape. Reading takes it out of the session, so the answer that commits the
 * session (readVisit, redirectWithFlash) forgets it, whichever kind was asked.
 */
export async function readFlash<K extends FlashKind>(
  request: Request,
  kind: K,
  where: (v: FlashKinds[K]) => boolean = () => true,
): Promise<FlashKinds[K] | null> {
  let t = taken.get(request);
  if (!t) {
    t = shopperSession(request).then((session) => {
      const r = Stored.safeParse(session.takeFlash());
      return r.success && Date.now() - r.data.at <= FLASH_TTL_MS ? r.data : null;
    });
    taken.set(request, t);
  }
  const stored = await t;
  if (stored?.kind !== kind) return null;
  const value = stored.value as FlashKinds[K];
  return where(value) ? value : null;
}

/** Leaves a flash of `kind` for the page at `to` and answers the 303 there, the session carrying it. */
export async function redirectLeavingFlash<K extends FlashKind>(
  request: Request,
  to: string,
  kind: K,
  value: FlashKinds[K],
): Promise<Response> {
  setFlash(await shopperSession(request), kind, value);
  return redirectWithFlash(request, to);
}

/** A 303 to `to` carrying the shopper session when it changed (a flash just left, an opened lock). */
export async function redirectWithFlash(request: Request, to: string, headers = new Headers()): Promise<Response> {
  const committed = await (await shopperSession(request)).commit();
  if (committed) headers.append('Set-Cookie', committed);
  return redirect(to, { status: 303, headers });
}
