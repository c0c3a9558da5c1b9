// What the form builder's tabs share: the loader's data, the last post's result, the value an
// input shows (typed after a failed post, else saved) and the submit button that reads "Saving…".
import { useNavigation } from '@remix-run/react';
import type { FormField, FormSettings } from '../../forms/form-definition.js';
import { builderFormId, stampKey, type BuilderResult, type BuilderTab } from '../../forms/form-builder.js';
import { stampOfTyped, type FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
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

export interface TabProps {
  data: BuilderData;
  /** The last post's result when it was on this tab. */
  result: BuilderResult | null;
}

/** The value to show in an input: what was typed in a failed post of `intent`, else the saved one. */
export function shown(result: BuilderResult | null, intent: string, name: string, saved: string): string {
  return result && !result.ok && result.intent === intent ? (result.typed[name] ?? '') : saved;
}

/**
 * The id and hidden version fields of the builder's form `key` (stampKey): the stamp it was drawn
 * with, or after a refused post of that form, the one the post carried.
 */
export function Versioned({ data, result, formKey }: TabProps & { formKey: string }) {
  const mine = result && !result.ok && stampKey(result.intent, result.typed.fieldId) === formKey;
  return <StampFields stamp={mine ? stampOfTyped(result.typed) : data.stamps[formKey]} />;
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
