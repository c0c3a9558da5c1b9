// The owner's restock screens (/config/restock and the inventory panel's notice): the page's data
// and its two actions, Send (one variant) and Send to all (every variant back in stock).
import { z } from 'zod';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { parseForm } from '../utils/form.server.js';
import { restockAsksCaptcha } from './restock-context.js';
import { listGroups, listSignUps, requestSend, requestSendAll, senderOf } from './restock.server.js';

const Id = z.string().min(1).max(200);

export async function restockScreen(a: OwnerAccess, url: URL) {
  const sp = url.searchParams;
  const groups = await listGroups(a.sql, a.site.id, sp.get('cursor'));
  const productId = Id.safeParse(sp.get('productId')).data;
  const variantId = Id.safeParse(sp.get('variantId')).data;
  const signUps =
    productId && variantId
      ? { productId, variantId, ...(await listSignUps(a.sql, a.site.id, productId, variantId, sp.get('scursor'))) }
      : null;
  const [site] = await a.sql<{ settings: Record<string, unknown> | null }[]>`select settings from website where id = ${a.site.id}`;
  return { ...groups, signUps, captcha: restockAsksCaptcha(site?.settings ?? {}) };
}

/** In-stock variants with shoppers waiting (the inventory panel offers to send them). */
export async function backInStockWaiting(a: OwnerAccess) {
  return (await listGroups(a.sql, a.site.id, null, { inStockOnly: true, limit: 20 })).signUpGroups;
}

const SendForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('send'), productId: Id, variantId: Id }),
  z.object({ intent: z.literal('send-all') }),
]);

/** Runs the screen's form: the number of variants queued, or why nothing was. */
export async function submitRestockForm(
  a: OwnerAccess,
  form: URLSearchParams,
): Promise<{ ok: true; queued: number; addresses: number } | { ok: false; error: string }> {
  const s = parseForm(form, SendForm);
  if (s.status !== 'success') return { ok: false, error: 'The form could not be read.' };
  const who = senderOf(a);
  if (s.value.intent === 'send') {
    const r = await requestSend(a.sql, who, s.value.productId, s.value.variantId);
    return r.ok ? { ok: true, queued: 1, addresses: r.waiting } : { ok: false, error: r.error };
  }
  const ready = (await listGroups(a.sql, a.site.id, null, { inStockOnly: true, limit: 500 })).signUpGroups;
  if (ready.length === 0) return { ok: false, error: 'No variant with shoppers waiting is in stock: notices are sent once stock is back.' };
  const results = await requestSendAll(a.sql, who, ready);
  const done = results.filter((r) => r.ok);
  return { ok: true, queued: done.length, addresses: done.reduce((n, r) => n + (r.waiting ?? 0), 0) };
}
