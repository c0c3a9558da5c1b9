// Checkout with JavaScript (issue 33): the totals follow the shipping method, country and region as
// the shopper changes them, so the total on screen is the one Place order charges; Place order
// waits for a recalculation under way. Without JavaScript "Update totals" does the same.

/** Checkout fields that change shipping or tax. */
const TOTALS_FIELDS = new Set(['shippingMethod', 'country', 'region']);
/** Per form: the latest recalculation (its number) and the promise that ends with it. */
const latest = new WeakMap<HTMLFormElement, { n: number; done: Promise<void> }>();

/** Listens for changes on the page's checkout form, if any; returns the undo. */
export function enhanceCheckoutTotals(root: HTMLElement | null): () => void {
  const form = root?.querySelector<HTMLFormElement>('form.checkout-form');
  if (!form) return () => {};
  const onChange = (e: Event) => {
    const field = e.target as HTMLInputElement | HTMLSelectElement;
    if (!TOTALS_FIELDS.has(field.name)) return;
    const n = (latest.get(form)?.n ?? 0) + 1;
    const previous = latest.get(form)?.done ?? Promise.resolve();
    // One after another: the totals shown are always those of the last change.
    const done = previous.then(() => recalculate(form, n));
    latest.set(form, { n, done });
  };
  form.addEventListener('change', onChange);
  return () => form.removeEventListener('change', onChange);
}

/** Resolves once the totals on screen are those of the form (at once when nothing is under way). */
export function totalsSettled(form: HTMLFormElement): Promise<void> {
  return latest.get(form)?.done ?? Promise.resolve();
}

/**
 * Posts the form as "Update totals" (the server keeps what was typed and answers with the page), then
 * copies the new totals, method prices and the total Place order sends back into the live form:
 * nothing typed meanwhile is lost and focus stays where it is.
 */
async function recalculate(form: HTMLFormElement, n: number): Promise<void> {
  if (latest.get(form)?.n !== n) return; // a later change recalculates with everything
  const body = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') body.append(k, v);
  body.set('intent', 'update');
  const table = form.querySelector<HTMLElement>('table.checkout-totals');
  table?.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin' });
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector<HTMLFormElement>('form.checkout-form');
    if (!fresh) return;
    const freshTable = fresh.querySelector('table.checkout-totals');
    if (table && freshTable) table.innerHTML = freshTable.innerHTML;
    for (const price of form.querySelectorAll<HTMLElement>('[data-method-price]')) {
      const now = fresh.querySelector(`[data-method-price="${CSS.escape(price.dataset.methodPrice ?? '')}"]`);
      if (now) price.textContent = now.textContent;
    }
    const shown = form.querySelector<HTMLInputElement>('input[name="shownTotalCents"]');
    const freshShown = fresh.querySelector<HTMLInputElement>('input[name="shownTotalCents"]');
    if (shown && freshShown) shown.value = freshShown.value;
  } catch {
    // Offline: the totals stay as they were, and Place order's total check asks to confirm.
  } finally {
    table?.removeAttribute('aria-busy');
  }
}
