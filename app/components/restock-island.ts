// The back-in-stock island: with JavaScript on, the product page's restock form (made to post to
// the page by app/forms/restock-markup.ts) is sent as JSON to the sign-up API instead, and its
// place shows the merchant's text or "Signed up!" (SPEC 4), or the error (SPEC 5, 8); and when the
// shopper chooses another variant, the form shown is that variant's (only a sold-out one has one).
import { emailError, RESTOCK_ISLAND_ENGLISH, RESTOCK_TEXT, restockTextIn, type RestockIslandTexts } from '../forms/restock-texts.js';
import { FORM_INPUT } from '../forms/form-values.js';

export const RESTOCK_API = '/api/site-users/account/notifications/restock';

function showMessage(box: HTMLElement, text: string, error: boolean): void {
  const p = box.querySelector<HTMLElement>('[data-restock-message]');
  if (!p) return;
  p.textContent = text;
  p.hidden = false;
  p.classList.toggle('is-error', error);
  p.setAttribute('role', error ? 'alert' : 'status');
}

/** The box's texts in the page's language (its data-texts), English where it has none. */
function textsOf(box: HTMLElement): RestockIslandTexts {
  const english = RESTOCK_ISLAND_ENGLISH;
  try {
    return { ...english, ...(JSON.parse(box.dataset.texts ?? '{}') as Partial<RestockIslandTexts>) };
  } catch {
    return english;
  }
}

async function send(form: HTMLFormElement, box: HTMLElement): Promise<void> {
  const texts = textsOf(box);
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const email = input?.value ?? '';
  const bad = emailError(email);
  if (bad) {
    input?.setAttribute('aria-invalid', 'true');
    showMessage(box, bad === RESTOCK_TEXT.emailBlank ? texts.emailBlank : texts.emailInvalid, true);
    input?.focus();
    return;
  }
  // The site's CAPTCHA (the forms' widget, put in the form's slot by the form island): solved first.
  const captcha = new FormData(form).get(FORM_INPUT.captcha);
  if (form.querySelector('[data-form-captcha]') && (typeof captcha !== 'string' || captcha === '')) {
    showMessage(box, texts.captcha, true);
    return;
  }
  const join = box.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]');
  const button = form.querySelector<HTMLInputElement>('input[type="submit"]');
  if (button) button.disabled = true;
  let message: string = texts.failed;
  let ok = false;
  try {
    const res = await fetch(RESTOCK_API, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({
        productId: box.dataset.productId,
        variantId: box.dataset.variantId,
        siteVisitorEmail: { email },
        isJoinMailingList: join?.checked ?? false,
        recaptchaEnterpriseV3Token: typeof captcha === 'string' && captcha !== '' ? captcha : null,
        language: document.documentElement.lang || undefined,
      }),
    });
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    ok = res.ok;
    // The merchant's text as the page has it, else "Signed up!" in the page's language (the API's
    // answer says it in English).
    if (ok) message = box.dataset.successText || texts.signedUp;
    else if (typeof body?.error === 'string' && body.error) message = restockTextIn(texts, body.error);
  } catch {
    // offline or refused: the spec's fallback text
  }
  if (button) button.disabled = false;
  if (ok) {
    // The form's place shows the answer; the mailing-list box went with the sign-up.
    form.hidden = true;
    if (join) join.closest('label')?.setAttribute('hidden', '');
    input?.removeAttribute('aria-invalid');
    showMessage(box, message, false);
  } else {
    input?.setAttribute('aria-invalid', 'true');
    // A solution is good once: a new one for the next try (SPEC 4: on failure the captcha is reset).
    form.querySelector('altcha-widget')?.reset();
    showMessage(box, message, true);
  }
}

/** The chosen variant's SKU from the product form's selects, or null while the choice is incomplete. */
function chosenSku(scope: ParentNode): string | null {
  const script = scope.querySelector('script[data-variant-picker]');
  if (!script?.textContent) return null;
  try {
    const data = JSON.parse(script.textContent) as { options: string[]; variants: { sku: string; attributes: Record<string, string> }[] };
    const chosen: Record<string, string> = {};
    scope.querySelectorAll<HTMLSelectElement>('select[data-option]').forEach((s) => {
      if (s.value) chosen[s.dataset.option ?? ''] = s.value;
    });
    const v = data.variants.find((x) => data.options.every((n) => chosen[n] && x.attributes[n] === chosen[n]));
    return v?.sku ?? null;
  } catch {
    return null;
  }
}

/** Wires the restock forms of `root`; returns the function that unwires them. */
export function enhanceRestockForms(root: ParentNode | null): () => void {
  const undo: Array<() => void> = [];
  root?.querySelectorAll<HTMLFormElement>('form[data-restock-form]').forEach((form) => {
    const box = form.closest<HTMLElement>('.product-restock-notification');
    if (!box) return;
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      void send(form, box);
    };
    form.addEventListener('submit', onSubmit);
    undo.push(() => form.removeEventListener('submit', onSubmit));
  });
  root?.querySelectorAll<HTMLElement>('[data-product]').forEach((product) => {
    const boxes = [...product.querySelectorAll<HTMLElement>('.product-restock-notification[data-sku]')];
    if (boxes.length === 0) return;
    const onChange = (e: Event) => {
      if (!(e.target instanceof HTMLSelectElement) || !e.target.hasAttribute('data-option')) return;
      const sku = chosenSku(product);
      for (const b of boxes) b.hidden = b.dataset.sku !== sku;
    };
    product.addEventListener('change', onChange);
    undo.push(() => product.removeEventListener('change', onChange));
  });
  return () => undo.forEach((f) => f());
}
