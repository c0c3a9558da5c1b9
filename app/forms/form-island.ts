// The form island: with JavaScript on, a form block (which posts to its page and works without it)
// is checked in the browser with the server's own rules, then sent through SPEC 7's calls (a
// submission key, validation, SaveFormSubmission) with SPEC 4's states. Loaded only on pages that
// have a form (app/components/ThemePage.tsx imports it on demand).
import type { FormField } from './form-definition.js';
import { FORM_TEXT, validateForm } from './form-validation.js';
import { FORM_INPUT, readPosted, type FormValues } from './form-values.js';
import { showFieldErrors } from './field-errors.js';
import { formErrorsIn, formTextIn, type TextLookup } from './form-texts.js';
import { islandText, isNetworkFailure, UI_TEXT } from '../utils/ui-texts.js';

/**
 * A text in the page's language (its island-texts block). The checks and the API answer in English;
 * each known text is shown translated, anything else (an owner's own words) as written.
 */
const pageText: TextLookup = (key, english) => islandText(document, key, english);
const say = (english: string) => formTextIn(pageText, english);

/** SPEC 8: the text of a failed save by HTTP status, when the server sent none. */
const BY_STATUS: Record<number, string> = {
  401: FORM_TEXT.unauthorized,
  404: FORM_TEXT.notConfigured,
  429: FORM_TEXT.rateLimited,
  500: FORM_TEXT.serverError,
};

type Reply = { status: number; body: { error?: string; errors?: Record<string, string>; data?: Record<string, unknown> } };

async function post(url: string, body: unknown): Promise<Reply> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  let parsed: Reply['body'] = {};
  try {
    parsed = (await res.json()) as Reply['body'];
  } catch {
    // A body that is not JSON (a proxy's error page): the status decides the text.
  }
  return { status: res.status, body: parsed ?? {} };
}

function fieldsOf(form: HTMLFormElement): FormField[] | null {
  try {
    return JSON.parse(form.dataset.fields ?? '') as FormField[];
  } catch {
    return null;
  }
}

/** The form's messages above and below it (empty: hidden). */
function showFormError(form: HTMLFormElement, top: string, bottom = top): void {
  for (const [where, text] of [
    ['top', top],
    ['bottom', bottom],
  ] as const) {
    const el = form.querySelector<HTMLElement>(`[data-form-error="${where}"]`);
    if (el) {
      el.textContent = text;
      el.hidden = text === '';
    }
  }
}

function showProblems(form: HTMLFormElement, errors: Record<string, string>, message?: string): void {
  showFieldErrors(form, formErrorsIn(pageText, errors));
  const fields = Object.keys(errors).length > 0;
  if (message) showFormError(form, say(message));
  else if (fields) showFormError(form, say(FORM_TEXT.above), say(FORM_TEXT.below));
  else showFormError(form, '');
  // Move to the first problem: the first invalid field, else the message above the form.
  const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = message || !first ? form.querySelector<HTMLElement>('[data-form-error="top"]') : first;
  if (target) {
    if (target.tabIndex < 0 && !/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) target.tabIndex = -1;
    target.focus();
  }
}

/** How long typing must pause before the count is spoken: a screen reader hears it once, not per key. */
export const COUNT_SPOKEN_AFTER_MS = 1000;

const counted = new WeakSet<HTMLElement>();

/**
 * The character counts of text areas with a maximum: "12 / 500" under the field, updated at each
 * key, and the same words in a polite live region once typing pauses. Counted in code points,
 * as the server's rule counts (form-validation.ts).
 */
function countCharacters(root: HTMLElement): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-field-count]')) {
    const area = box.closest('[data-field-id]')?.querySelector('textarea');
    const shown = box.querySelector<HTMLElement>('[data-count-shown]');
    const said = box.querySelector<HTMLElement>('[data-count-said]');
    const max = Number(box.dataset.fieldCount);
    if (!area || !shown || !said || !Number.isSafeInteger(max) || counted.has(box)) continue;
    counted.add(box);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (speak: boolean) => {
      const n = [...area.value].length;
      const words = `${n} / ${max}`;
      const doc = box.ownerDocument;
      shown.textContent = words;
      box.classList.toggle('is-over', n > max);
      clearTimeout(timer);
      if (speak) {
        timer = setTimeout(() => {
          said.textContent =
            n > max ? `${words}. ${say(FORM_TEXT.tooLong)}` : islandText(doc, 'fieldCountText', UI_TEXT.characterCount, { count: n, max });
        }, COUNT_SPOKEN_AFTER_MS);
      }
    };
    area.addEventListener('input', () => update(true));
    update(false);
    box.hidden = false;
  }
}

/**
 * Enhances a page's form blocks: the text areas' counts, and the proof-of-work widget in forms
 * that ask for a CAPTCHA (the altcha package, on demand).
 */
export function enhanceFormBlocks(root: HTMLElement | null): void {
  if (root) countCharacters(root);
  const slots = [...(root?.querySelectorAll<HTMLElement>('[data-form-captcha]') ?? [])].filter((s) => !s.querySelector('altcha-widget'));
  if (slots.length === 0) return;
  void import('altcha').then(() => {
    for (const slot of slots) {
      const widget = document.createElement('altcha-widget');
      widget.setAttribute('challenge', slot.dataset.formCaptcha ?? '');
      widget.setAttribute('name', FORM_INPUT.captcha);
      slot.append(widget);
    }
  });
}

const busy = new WeakSet<HTMLFormElement>();

/** Checks and sends a form block; shows the outcome in place (or goes to the redirect URL). */
export async function submitFormBlock(form: HTMLFormElement): Promise<void> {
  if (busy.has(form)) return;
  const fields = fieldsOf(form);
  const formId = form.dataset.formId ?? '';
  if (!fields) return form.submit();
  const posted = new FormData(form);
  const values: FormValues = readPosted(fields, posted, new URLSearchParams(window.location.search));
  // Client first (SPEC 5): the same rules as the server's.
  const errors = validateForm(fields, values);
  const disclaimer = form.querySelector<HTMLInputElement>(`input[name="${FORM_INPUT.disclaimer}"]`);
  if (Object.keys(errors).length > 0) return showProblems(form, errors);
  if (disclaimer && !disclaimer.checked) return showProblems(form, {}, FORM_TEXT.required);
  const captchaSlot = form.querySelector('[data-form-captcha]');
  const captcha = posted.get(FORM_INPUT.captcha);
  if (captchaSlot && (typeof captcha !== 'string' || captcha === '')) return showProblems(form, {}, FORM_TEXT.captcha);

  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = button?.dataset.label ?? button?.textContent ?? '';
  busy.add(form);
  if (button) {
    button.disabled = true;
    button.textContent = say(FORM_TEXT.submitting);
  }
  const fail = (errs: Record<string, string>, message?: string) => {
    busy.delete(form);
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
    // SPEC 4: on failure the captcha is reset.
    form.querySelector('altcha-widget')?.reset();
    showProblems(form, errs, message);
  };
  try {
    const key = await post('/api/form/FormSubmissionKey', undefined);
    const k = key.body.data?.key;
    if (key.status !== 200 || typeof k !== 'string') return fail({}, FORM_TEXT.noKey);
    const checked = await post(`/api/rest/forms/validate/${encodeURIComponent(formId)}`, values);
    if (checked.status === 400 && checked.body.errors && Object.keys(checked.body.errors).length > 0) return fail(checked.body.errors);
    if (checked.status !== 200) return fail({}, checked.body.error ?? BY_STATUS[checked.status] ?? FORM_TEXT.unknown);
    const honeypot = posted.get(FORM_INPUT.honeypot);
    const saved = await post('/api/form/SaveFormSubmission', {
      key: k,
      formId,
      form: JSON.stringify(values),
      captcha: typeof captcha === 'string' ? captcha : undefined,
      honeypot: typeof honeypot === 'string' ? honeypot : undefined,
      pagePath: window.location.pathname + window.location.search,
      disclaimer: disclaimer ? disclaimer.checked : undefined,
    });
    if (saved.status === 200) return succeed(form);
    const fieldErrors = saved.body.data?.errors as Record<string, string> | undefined;
    if (saved.status === 400 && fieldErrors && Object.keys(fieldErrors).length > 0) return fail(fieldErrors);
    return fail({}, saved.body.error ?? BY_STATUS[saved.status] ?? FORM_TEXT.unknown);
  } catch (e) {
    // No answer at all (offline, connection cut): SPEC 8's "Network error", not the server's texts.
    return fail({}, isNetworkFailure(e) ? pageText('networkErrorText', UI_TEXT.networkError) : FORM_TEXT.unknown);
  }
}

function succeed(form: HTMLFormElement): void {
  busy.delete(form);
  // The analytics collector records the subscribe (SPEC 7's newsletter subscribe; app/analytics/collector.ts).
  form.dispatchEvent(new Event('form:submitted', { bubbles: true }));
  const redirect = form.dataset.redirect;
  if (redirect) {
    window.location.assign(redirect);
    return;
  }
  const block = form.closest('[data-form-block]');
  const text = block?.querySelector<HTMLElement>('[data-form-success]');
  form.hidden = true;
  // SPEC 4: "run any post-submit HTML". It left the server through the owner-HTML sanitiser, so it
  // holds no script: the site's CSP (script-src 'self' and the page's nonce) would refuse an
  // owner's inline or third-party script anyway, and we never hand it the nonce.
  const waiting = block?.querySelector<HTMLTemplateElement>('template[data-form-post-submit]');
  if (waiting) {
    const shown = document.createElement('div');
    shown.className = 'form-post-submit';
    shown.dataset.formPostSubmit = '';
    shown.append(waiting.content.cloneNode(true));
    waiting.replaceWith(shown);
  }
  if (text) {
    text.hidden = false;
    text.scrollIntoView({ block: 'center' });
    // Screen readers hear the submission text: focus moves to it.
    text.focus();
  }
}
