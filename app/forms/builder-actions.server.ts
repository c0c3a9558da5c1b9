// What each post of the form builder does (one intent per button, so every tab works as plain
// forms without JavaScript): parsed with Conform + zod, checked with the SPEC texts, then saved
// through forms.server. Returns where to go next, or the errors with everything that was typed.
import { z } from 'zod';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { sanitizeOwnerHtml } from '../edits/sanitize.server.js';
import { parseForm, refusedReply, replyTo } from '../utils/form.server.js';
import { FIELD_TYPES } from './form-definition.js';
import { BUILDER_TEXT, parseFieldForm, tabFor, type BuilderResult } from './form-builder.js';
import {
  addField,
  deleteForm,
  fieldType,
  formById,
  FormError,
  FORM_TEXT,
  moveField,
  removeField,
  saveBuild,
  saveField,
  saveSettings,
} from './forms.server.js';
import { createMailingList, listMailingLists } from './mailing-list.server.js';
import { newWebhookSecret, resendDelivery } from './webhook.server.js';
import { checkWebhookUrl } from './webhook-url.server.js';
import { checkedSave, conflictFor, VersionConflict, withConflict, type Db } from '../edits/versions.server.js';
import { formVersioned, isVersionedIntent } from './form-versions.server.js';
import { isEmail } from '../utils/email.js';

const text = (max: number) => z.string().max(max, `At most ${max} characters.`).default('');
const on = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== '');
const fieldId = z.string().regex(/^[a-z0-9-]{1,40}$/, FORM_TEXT.fieldNotFound);

const Schema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('save-build'),
    name: z.string().default('').pipe(z.string().trim().min(1, 'Required').max(200)),
    submitLabel: text(100),
  }),
  z.object({ intent: z.literal('add-field'), type: z.enum(FIELD_TYPES, { errorMap: () => ({ message: 'Choose a kind of field.' }) }) }),
  z.object({ intent: z.literal('save-field'), fieldId }),
  z.object({ intent: z.literal('move-field'), fieldId, direction: z.enum(['up', 'down']) }),
  z.object({ intent: z.literal('remove-field'), fieldId }),
  z.object({
    intent: z.literal('connect-list'),
    mailingListId: z.string().default('').pipe(z.string().min(1, BUILDER_TEXT.listRequired)),
    newsletterFieldId: z.string().default(''),
  }),
  z.object({ intent: z.literal('disconnect-list') }),
  z.object({ intent: z.literal('create-list'), listName: z.string().default('').pipe(z.string().trim().min(1, 'Required').max(200)) }),
  z.object({ intent: z.literal('save-email'), notifyEmail: text(256) }),
  z.object({ intent: z.literal('connect-webhook'), webhookUrl: text(2000) }),
  z.object({ intent: z.literal('disconnect-webhook') }),
  z.object({ intent: z.literal('show-secret') }),
  z.object({ intent: z.literal('resend'), deliveryId: z.string().max(80) }),
  z.object({ intent: z.literal('save-advanced'), redirectUrl: text(2000), submissionText: text(5000), postSubmitHtml: text(20_000) }),
  z.object({ intent: z.literal('save-captcha'), captcha: on }),
  z.object({ intent: z.literal('save-disclaimer'), disclaimerText: text(5000), disclaimerRequired: on }),
  z.object({ intent: z.literal('delete-form') }),
]);

/** SPEC 5's editor messages: no @ at all is "not an email"; anything else malformed gets the format. */
function emailError(v: string): string | null {
  if (!v.includes('@') || /\s/.test(v.trim())) return BUILDER_TEXT.badEmail;
  return isEmail(v.trim()) ? null : BUILDER_TEXT.emailFormat;
}

/** After a form's post: a path (with ?saved=) on success, else what to show again. */
export type BuilderOutcome = { redirect: string } | { result: BuilderResult; status: number };

export async function runBuilderAction(a: OwnerAccess, id: string, form: URLSearchParams): Promise<BuilderOutcome> {
  const intent = form.get('intent') ?? '';
  const tab = tabFor(intent);
  const done = (saved: string, extra = '') => ({ redirect: `/config/forms/${encodeURIComponent(id)}?tab=${tab}&saved=${saved}${extra}` });

  // A tab's save (or a field's) is checked against the version its form was drawn at (issue 28);
  // "apply only my changes" saves that part as it is now with only the owner's fields on top.
  const versioned = isVersionedIntent(intent) ? formVersioned(a.site.id, id, intent, form.get('fieldId') ?? '') : null;
  const checked = versioned ? await checkedSave(a.sql, form, versioned) : null;
  if (checked?.kind === 'missing') throw new FormError(404, intent === 'save-field' ? FORM_TEXT.fieldNotFound : FORM_TEXT.notFound);
  const post = checked ? checked.post : form;
  post.set('intent', intent);
  const guard: ((tx: Db) => Promise<void>) | undefined = checked?.guard;

  const parsed = parseForm(post, Schema);
  // Every refusal is Conform's reply keeping the form as the owner sent it (`form`), not the merged post.
  const fail = (error: string | null, fieldErrors: Record<string, string> = {}, status = 400): BuilderOutcome => ({
    result: withConflict(replyTo(parsed, form, { formError: error ?? BUILDER_TEXT.invalid, fieldErrors })),
    status,
  });
  if (parsed.status !== 'success') return fail(null);
  const v = parsed.value;
  const f = await formById(a.sql, a.site.id, id);
  if (!f) throw new FormError(404, FORM_TEXT.notFound);

  try {
    switch (v.intent) {
      case 'delete-form':
        await deleteForm(a, id);
        return { redirect: `/config/forms?deleted=${encodeURIComponent(f.name)}` };
      case 'save-build':
        await saveBuild(a, id, { name: v.name, submitLabel: v.submitLabel.trim() || 'Submit' }, guard);
        return done('build');
      case 'add-field': {
        const fid = await addField(a, id, v.type);
        return done('field-added', `&field=${fid}#field-${fid}`);
      }
      case 'save-field': {
        const type = await fieldType(a.sql, a.site.id, id, v.fieldId);
        if (!type) return { result: withConflict(refusedReply(FORM_TEXT.fieldNotFound, form)), status: 404 };
        const p = parseFieldForm(v.fieldId, type, post);
        if (!p.ok) return fail(null, p.fields);
        await saveField(a, id, p.field, guard);
        return done('field');
      }
      case 'move-field':
        await moveField(a, id, v.fieldId, v.direction);
        return done('moved', `#field-${v.fieldId}`);
      case 'remove-field':
        await removeField(a, id, v.fieldId);
        return done('removed');
      case 'connect-list': {
        const lists = await listMailingLists(a.sql, a.site.id);
        if (lists.length === 0) return fail(BUILDER_TEXT.noLists, { mailingListId: BUILDER_TEXT.noLists });
        if (!lists.some((l) => l.id === v.mailingListId)) return fail(null, { mailingListId: BUILDER_TEXT.listRequired });
        const emailField = v.newsletterFieldId || f.fields.find((x) => x.type === 'email')?.id || '';
        if (emailField && !f.fields.some((x) => x.id === emailField && x.type === 'email'))
          return fail(null, { newsletterFieldId: 'Choose one of the form’s email fields.' });
        await saveSettings(a, id, { mailingListId: v.mailingListId, newsletterFieldId: emailField || undefined }, guard);
        return done('list');
      }
      case 'disconnect-list':
        await saveSettings(a, id, { mailingListId: undefined, newsletterFieldId: undefined, newsletterOptInFieldId: undefined });
        return done('list-off');
      case 'create-list': {
        const list = await createMailingList(a.sql, a.site.id, v.listName);
        return done('list-created', `&list=${encodeURIComponent(list.id)}`);
      }
      case 'save-email': {
        const email = v.notifyEmail.trim();
        const err = email ? emailError(email) : null;
        if (err) return fail(null, { notifyEmail: err });
        await saveSettings(a, id, { notifyEmail: email ? email.toLowerCase() : undefined }, guard);
        return done('email');
      }
      case 'connect-webhook': {
        const err = await checkWebhookUrl(v.webhookUrl);
        if (err) return fail(null, { webhookUrl: err });
        const secret = f.settings.webhook?.secret ?? newWebhookSecret();
        await saveSettings(a, id, { webhook: { url: new URL(v.webhookUrl.trim()).toString(), secret, enabled: true } }, guard);
        // Shown once here (no redirect, so it is not in any URL or history); "Show secret" shows it again.
        return { result: { tab, secret }, status: 200 };
      }
      case 'disconnect-webhook':
        await saveSettings(a, id, { webhook: undefined });
        return done('webhook-off');
      case 'show-secret':
        if (!f.settings.webhook) return fail('There is no automation connected.');
        return { result: { tab, secret: f.settings.webhook.secret }, status: 200 };
      case 'resend': {
        if (!f.settings.webhook?.enabled) return fail('Connect an automation first.');
        const sent = await resendDelivery(a.sql, id, v.deliveryId, f.settings.webhook.url);
        if (!sent) return fail('Only a failed delivery can be sent again.');
        return done('resent');
      }
      case 'save-advanced': {
        const url = v.redirectUrl.trim();
        if (url && !(/^\/(?![/\\])\S*$/.test(url) || (/^https?:\/\/[^\s/]+\.[^\s]*$/i.test(url) && URL.canParse(url))))
          return fail(null, { redirectUrl: BUILDER_TEXT.linkFormat });
        await saveSettings(
          a,
          id,
          {
            redirectUrl: url || undefined,
            submissionText: v.submissionText.trim() || 'Thank you!',
            postSubmitHtml: sanitizeOwnerHtml(v.postSubmitHtml),
          },
          guard,
        );
        return done('advanced');
      }
      case 'save-captcha':
        await saveSettings(a, id, { captcha: v.captcha }, guard);
        return done('captcha');
      case 'save-disclaimer': {
        const t = v.disclaimerText.trim();
        if (!t && v.disclaimerRequired) return fail(null, { disclaimerText: 'Write the disclaimer to be agreed to.' });
        await saveSettings(a, id, { disclaimer: t ? { text: t, required: v.disclaimerRequired } : undefined }, guard);
        return done('disclaimer');
      }
    }
  } catch (e) {
    if (e instanceof VersionConflict && versioned) {
      const conflict = await conflictFor(a.sql, form, versioned);
      if (!conflict) throw new FormError(404, intent === 'save-field' ? FORM_TEXT.fieldNotFound : FORM_TEXT.notFound);
      return { result: withConflict(replyTo(parsed, form), conflict), status: 409 };
    }
    if (e instanceof FormError && e.status !== 404) return fail(e.message, e.field ? { [e.field]: e.message } : {}, e.status);
    throw e;
  }
}
