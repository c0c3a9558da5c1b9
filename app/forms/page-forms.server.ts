// Form blocks on storefront pages: their HTML for the page's template context, and the page's own
// action that takes a form posted without JavaScript (re-rendered with messages and everything typed,
// or a 303 to the redirect URL or back to the page showing the submission text).
import { json, redirect } from '@remix-run/node';
import type { Sql } from '../../db/client.server.js';
import { sanitizeStoredHtml } from '../edits/sanitize.server.js';
import { textFrom } from '../languages/strings.js';
import type { FormDefinition } from './form-definition.js';
import { FORM_TEXT } from './form-validation.js';
import { blockFormId, loadForm, loadFormsOf } from './stored-forms.server.js';
import { formBlockHtml, type FormBlockState } from './form-html.js';
import { FORM_INPUT, readPosted } from './form-values.js';
import { submitForm, visitorOf } from './submit.server.js';

/** The query parameter that marks a page shown after a successful no-JavaScript submission. */
export const SENT_PARAM = 'formSent';

/**
 * A form's post-submit HTML as visitors get it: cleaned on save and again here, as all owner HTML
 * on its way to visitors (a page's form blocks and the popup's newsletter form alike).
 */
export function visitorPostSubmitHtml(definition: FormDefinition): string {
  return sanitizeStoredHtml(definition.settings.postSubmitHtml);
}

/** What a failed page post leaves for the re-render of that page. */
export interface PageFormState {
  blockId: string;
  state: FormBlockState;
}

// The action and the loader of one request share its load context: the action leaves the state
// here and the loader's render reads it (no cookie, so a long message is kept whole).
const states = new WeakMap<object, PageFormState>();
export function rememberFormState(context: object | undefined, s: PageFormState): void {
  if (context) states.set(context, s);
}
export function formStateOf(context: object | undefined): PageFormState | undefined {
  return context ? states.get(context) : undefined;
}

/** The page's address without the success marker: where its forms post. */
function pageAddress(url: URL): string {
  const q = new URLSearchParams(url.search);
  q.delete(SENT_PARAM);
  const s = q.toString();
  return url.pathname + (s ? `?${s}` : '');
}

/** The HTML of every form block of a page whose form exists, by block id, in the page's language (`strings`). */
export async function formBlocksHtml(
  sql: Sql,
  websiteId: string,
  blocks: readonly { id: string; type: string; settings: unknown }[],
  url: URL,
  strings: Record<string, unknown>,
  posted?: PageFormState,
): Promise<Record<string, string>> {
  const forms = await loadFormsOf(sql, websiteId, blocks);
  const out: Record<string, string> = {};
  const sent = url.searchParams.get(SENT_PARAM);
  for (const b of blocks) {
    if (b.type !== 'form') continue;
    const form = forms.get(blockFormId(b.settings) ?? '');
    if (!form) continue;
    const state = posted?.blockId === b.id ? posted.state : sent === b.id ? { sent: true } : undefined;
    out[b.id] = formBlockHtml({
      blockId: b.id,
      formId: form.id,
      definition: form.definition,
      action: `${pageAddress(url)}#form-${b.id}`,
      query: url.searchParams,
      state,
      postSubmitHtml: visitorPostSubmitHtml(form.definition),
      t: (key, english) => textFrom(strings, key, english),
    });
  }
  return out;
}

/** A redirect URL an owner set that a browser may be sent to: a path of ours or an http(s) address. */
export function safeRedirect(raw: string | undefined): string | null {
  if (!raw) return null;
  const t = raw.trim();
  if (t.startsWith('/') && !t.startsWith('//') && !t.startsWith('/\\')) return t;
  return /^https?:\/\/[^\s]+$/i.test(t) ? t : null;
}

export type PagePostResult =
  | { kind: 'redirect'; to: string }
  | { kind: 'render'; status: number; state: PageFormState; retryAfterS?: number }
  | { kind: 'not-a-form' };

/** Takes a form block posted to its page (`blocks` are the page's). */
export async function takePagePost(
  sql: Sql,
  request: Request,
  websiteId: string,
  blocks: readonly { id: string; type: string; settings: unknown }[],
  posted: FormData,
): Promise<PagePostResult> {
  const url = new URL(request.url);
  const blockId = posted.get(FORM_INPUT.block);
  const block = blocks.find((b) => b.type === 'form' && b.id === blockId);
  if (!block) return { kind: 'not-a-form' };
  const formId = blockFormId(block.settings) ?? '';
  const field = (name: string) => {
    const v = posted.get(name);
    return typeof v === 'string' ? v : null;
  };
  const r = await submitForm(sql, {
    websiteId,
    formId,
    values: (form) => readPosted(form.definition.fields, posted, url.searchParams),
    honeypot: field(FORM_INPUT.honeypot),
    captcha: field(FORM_INPUT.captcha),
    disclaimerAccepted: field(FORM_INPUT.disclaimer) !== null,
    pageUrl: pageAddress(url),
    visitor: visitorOf(request),
  });
  if (r.ok) {
    const to = safeRedirect(r.form.definition.settings.redirectUrl);
    if (to) return { kind: 'redirect', to };
    const back = new URL(pageAddress(url), url);
    back.searchParams.set(SENT_PARAM, block.id);
    return { kind: 'redirect', to: `${back.pathname}${back.search}#form-${block.id}` };
  }
  // Refused before the answers were read (rate limit): read them now, so nothing typed is lost.
  const form = r.form ?? (await loadForm(sql, websiteId, formId));
  const values = r.values ?? (form ? readPosted(form.definition.fields, posted, url.searchParams) : undefined);
  const state: FormBlockState = { values, errors: r.errors };
  // Field messages stand by their fields, with SPEC 8's pointers above and below; anything else
  // (captcha, rate limit, a form gone) is said above and below the form itself.
  if (!r.errors || Object.keys(r.errors).length === 0) state.message = r.message;
  else if (r.errors._disclaimer) state.message = r.message;
  return { kind: 'render', status: r.status, state: { blockId: block.id, state }, retryAfterS: r.retryAfterS };
}

/**
 * A page's action for its form blocks, as a Response: 400 for a body that cannot be read, 404 for
 * a post that names no form block of the page, a 303 after a submission, or the status of a refused
 * one, whose messages and typed values the loader's render of the same request then shows.
 */
export async function answerPagePost(
  sql: Sql,
  request: Request,
  context: object | undefined,
  websiteId: string,
  blocks: readonly { id: string; type: string; settings: unknown }[],
): Promise<Response> {
  let posted: FormData;
  try {
    posted = await request.formData();
  } catch {
    return json({ error: FORM_TEXT.unparsable }, { status: 400 });
  }
  const r = await takePagePost(sql, request, websiteId, blocks, posted);
  if (r.kind === 'not-a-form') return json({ error: FORM_TEXT.notConfigured }, { status: 404 });
  if (r.kind === 'redirect') return redirect(r.to, 303);
  rememberFormState(context, r.state);
  const headers: Record<string, string> = r.retryAfterS ? { 'Retry-After': String(r.retryAfterS) } : {};
  return json({ error: r.state.state.message ?? FORM_TEXT.invalid }, { status: r.status, headers });
}
