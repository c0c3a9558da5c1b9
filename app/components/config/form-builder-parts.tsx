// What the form builder's tabs share: the loader's data, the last post's result, the value an
// input shows (typed after a failed post, else saved) and the submit button that reads "Saving…".
import { useNavigation } from '@remix-run/react';
import type { FormField, FormSettings } from '../../forms/form-definition.js';
import { builderFormId, stampKey, tabFor, type BuilderResult, type BuilderTab } from '../../forms/form-builder.js';
import { stampOfTyped, type Conflict, type FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { readReply, type RefusedPost } from './reply.js';
import type { MailingList } from '../../forms/mailing-list.server.js';
import type { Delivery } from '../../forms/webhook.server.js';

export interface BuilderData {
  form: { id: string; name: string; fields: FormField[]; settings: Omit<FormSettings, 'webhook'>; problem: boolean };
  webhook: { url: string; enabled: boolean } | null;
  tab: BuilderTab;
  editing: string | null;
  chosenList: string | null;
  notice: string | null;
  confirmDelete: boolean;
  submissions: number;
  lists: MailingList[];
  listStatus: string;
  listName: string | null;
  automation: string;
  deliveries: Delivery[];
  canWrite: boolean;
  /** The version each versioned form is drawn at, by stampKey (issue 28). */
  stamps: Record<string, FormStamp>;
}

/** The last post as the tabs read it (from the action's BuilderResult). */
export interface BuilderPost {
  /** The post's intent (its button) and the tab it came from. */
  intent: string;
  tab: BuilderTab;
  /** The refused post (Conform's reply, read): its message, errors by field and what was typed; null when it showed the secret. */
  failed: RefusedPost | null;
  secret: string | null;
  conflict: Conflict | null;
}

/** The post `result` describes; null when there was none (the screen as loaded). */
export function readBuilderPost(result: BuilderResult | null | undefined): BuilderPost | null {
  if (!result) return null;
  if ('secret' in result) return { intent: '', tab: result.tab, failed: null, secret: result.secret, conflict: null };
  const failed = readReply(result);
  const intent = failed?.typed?.intent ?? '';
  // An unreadable post carries nothing typed: the build tab shows its message.
  return { intent, tab: failed?.typed ? tabFor(intent) : 'build', failed, secret: null, conflict: result.conflict };
}

/** The refused post of `intent` (a tab's form or button), or null. */
export function refusedOf(post: BuilderPost | null, intent: string): RefusedPost | null {
  return post?.failed && post.intent === intent ? post.failed : null;
}

export interface TabProps {
  data: BuilderData;
  /** The last post, when there was one. */
  result: BuilderPost | null;
}

/** The value to show in an input: what was typed in a refused post of `intent`, else the saved one. */
export function shown(result: BuilderPost | null, intent: string, name: string, saved: string): string {
  const failed = refusedOf(result, intent);
  return failed ? (failed.typed?.[name] ?? '') : saved;
}

/**
 * The id and hidden version fields of the builder's form `key` (stampKey): the stamp it was drawn
 * with, or after a refused post of that form, the one the post carried.
 */
export function Versioned({ data, result, formKey }: TabProps & { formKey: string }) {
  const typed = result?.failed?.typed;
  const mine = result && typed && stampKey(result.intent, typed.fieldId) === formKey;
  return <StampFields stamp={mine ? stampOfTyped(typed) : data.stamps[formKey]} />;
}

export const formIdOf = builderFormId;

/** A submit button that reads "Saving…" while its post is under way (SPEC 4). */
export function SaveButton({ intent, label = 'Save', disabled }: { intent: string; label?: string; disabled?: boolean }) {
  const nav = useNavigation();
  const saving = nav.state === 'submitting' && nav.formData?.get('intent') === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={disabled || saving} aria-disabled={saving || undefined}>
      {saving ? 'Saving…' : label}
    </button>
  );
}
