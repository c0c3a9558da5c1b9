// Checkout with JavaScript (issue 33): the totals follow the shipping method, country and region as
// the shopper changes them, and a gift card's Apply and Remove redraw only the gift card field and
// the totals, so the total on screen is the one Place order charges and nothing typed is redrawn;
// Place order waits for either under way. Without JavaScript "Update totals", Apply and Remove post.

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

/** The form's fields as a post with `intent` (the pressed button's value). */
function postOf(form: HTMLFormElement, intent: string): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') body.append(k, v);
  body.set('intent', intent);
  return body;
}

/** The checkout form of the page a post answered with (the action redirects back to /checkout). */
async function freshForm(res: Response): Promise<{ doc: Document; form: HTMLFormElement } | null> {
  if (!res.ok) return null;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const form = doc.querySelector<HTMLFormElement>('form.checkout-form');
  return form ? { doc, form } : null;
}

/** Copies the totals, the method prices and the total Place order sends back from `fresh` into the live form. */
function copyTotals(form: HTMLFormElement, fresh: HTMLFormElement): void {
  const table = form.querySelector<HTMLElement>('table.checkout-totals');
  const freshTable = fresh.querySelector('table.checkout-totals');
  if (table && freshTable) table.innerHTML = freshTable.innerHTML;
  for (const price of form.querySelectorAll<HTMLElement>('[data-method-price]')) {
    const now = fresh.querySelector(`[data-method-price="${CSS.escape(price.dataset.methodPrice ?? '')}"]`);
    if (now) price.textContent = now.textContent;
  }
  const shown = form.querySelector<HTMLInputElement>('input[name="shownTotalCents"]');
  const freshShown = fresh.querySelector<HTMLInputElement>('input[name="shownTotalCents"]');
  if (shown && freshShown) shown.value = freshShown.value;
}

/**
 * Posts the form as "Update totals" (the server keeps what was typed and answers with the page), then
 * copies the new totals, method prices and the total Place order sends back into the live form:
 * nothing typed meanwhile is lost and focus stays where it is.
 */
async function recalculate(form: HTMLFormElement, n: number): Promise<void> {
  if (latest.get(form)?.n !== n) return; // a later change recalculates with everything
  const table = form.querySelector<HTMLElement>('table.checkout-totals');
  table?.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(form.action, { method: 'POST', body: postOf(form, 'update'), credentials: 'same-origin' });
    const fresh = await freshForm(res);
    if (fresh) copyTotals(form, fresh.form);
  } catch {
    // Offline: the totals stay as they were, and Place order's total check asks to confirm.
  } finally {
    table?.removeAttribute('aria-busy');
  }
}

/** The gift card buttons' intents (the theme's checkout template names them so). */
const GIFT_CARD_INTENTS = new Set(['gift-apply', 'gift-remove']);

/** Whether `button` is the checkout's gift card Apply or Remove. */
export function isGiftCardButton(form: HTMLFormElement, button: Element | null): button is HTMLButtonElement {
  return (
    form.classList.contains('checkout-form') &&
    button instanceof HTMLButtonElement &&
    button.name === 'intent' &&
    GIFT_CARD_INTENTS.has(button.value)
  );
}

/**
 * Apply or Remove of a gift card without reloading the page: the form is posted with the button's
 * intent (the server saves what was typed with it, as without JavaScript), and from the page it
 * answers with only the gift card field (the card applied, or the reason it was refused) and the
 * totals are copied in; focus goes to the message. Queued with the recalculations, so Place order
 * waits for it. Resolves false when the answer is not the checkout (a cart bought meanwhile, an
 * error page): the caller then submits as a navigation.
 */
export function giftCardInPlace(form: HTMLFormElement, button: HTMLButtonElement): Promise<boolean> {
  const n = (latest.get(form)?.n ?? 0) + 1;
  const previous = latest.get(form)?.done ?? Promise.resolve();
  const result = previous.then(() => postGiftCard(form, button.value, button));
  latest.set(form, {
    n,
    done: result.then(() => undefined),
  });
  return result;
}

async function postGiftCard(form: HTMLFormElement, intent: string, button: HTMLButtonElement): Promise<boolean> {
  const section = form.querySelector<HTMLElement>('fieldset.checkout-gift-card');
  section?.setAttribute('aria-busy', 'true');
  button.disabled = true;
  try {
    const res = await fetch(form.action, { method: 'POST', body: postOf(form, intent), credentials: 'same-origin' });
    const fresh = await freshForm(res);
    const freshSection = fresh?.form.querySelector('fieldset.checkout-gift-card');
    if (!fresh || !section || !freshSection) return false;
    copyTotals(form, fresh.form);
    section.innerHTML = freshSection.innerHTML;
    // A gift card error listed above the form by an earlier post is answered now: it goes.
    const summary = document.getElementById('checkout-errors');
    summary?.querySelector('a[href="#checkout-gift-card-code"]')?.closest('li')?.remove();
    if (summary && !summary.querySelector('li')) summary.remove();
    // Focus on what changed: the refused code (its error is in its description), else the card applied.
    const refused = section.querySelector<HTMLElement>('[aria-invalid="true"]');
    const applied = section.querySelector<HTMLElement>('[data-gift-card-applied]');
    if (applied) applied.tabIndex = -1;
    (refused ?? applied ?? section.querySelector<HTMLElement>('input'))?.focus();
    return true;
  } catch {
    return false;
  } finally {
    section?.removeAttribute('aria-busy');
    button.disabled = false;
  }
}
