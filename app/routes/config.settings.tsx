// /config/settings: the store's settings in sections (store, checkout, shipping, tax, instalments,
// back in stock: its CAPTCHA and the sign-up form's texts), each a form of its own with its own Save. Everyone who may read settings sees
// them; saving needs settings.write. Checkout and the pages read these settings, so a save shows there at once.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { Field, FieldFrame, FormError, Notice, SelectField } from '../components/config/Field.js';
import { useCan } from '../components/config/layout-data.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import {
  CURRENCIES,
  saveSettings,
  SECTION_NAMES,
  SECTIONS,
  SettingsError,
  settingsFormValues,
  settingsSchema,
  settingsVersioned,
  SETTINGS_TEXT,
  TIME_ZONES,
  type Section,
} from '../config/settings.server.js';
import { RESTOCK_MESSAGE_FIELDS, RESTOCK_MESSAGES, RESTOCK_TEXT, type RestockMessages } from '../forms/restock-texts.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped, type Conflict, type FormStamp } from '../edits/versions.js';

export const headers = ownerPageHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'settings.read');
  const values = await settingsFormValues(a.sql, a.site.id);
  // Each section's form carries the version of its own fields (issue 28): a save over a section
  // changed since it was drawn is a conflict, a change to another section is not.
  const stamps = Object.fromEntries(SECTIONS.map((s) => [s, stampFor(settingsVersioned(a.site.id, s), values)])) as Record<
    Section,
    FormStamp
  >;
  return json(
    { values, stamps, currency: a.site.currency, currencies: [...CURRENCIES], timeZones: TIME_ZONES, sectionNames: SECTION_NAMES },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const isSection = (v: unknown): v is Section => SECTIONS.includes(v as Section);

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'settings.write');
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), { status: 400 });
  const intent = form.get('intent');
  const section = isSection(intent) ? intent : null;
  const versioned = section ? settingsVersioned(a.site.id, section) : null;
  // "Apply only my changes" saves the section as it is now with only the owner's fields on top.
  const checked = versioned ? await checkedSave(a.sql, form, versioned) : null;
  const post = checked?.kind === 'save' ? checked.post : form;
  if (section) post.set('intent', section);
  const submission = parseForm(post, settingsSchema(a.site.currency));
  // A refused post shows the section as the owner sent it (`form`), its intent naming the section.
  if (submission.status !== 'success') {
    return json(withConflict(replyTo(submission, form, { formError: SETTINGS_TEXT.invalid })), { status: 400 });
  }
  try {
    await saveSettings(a, submission.value, checked?.kind === 'save' ? checked.guard : undefined);
  } catch (e) {
    if (e instanceof SettingsError) {
      const reply = replyTo(submission, form, { formError: SETTINGS_TEXT.invalid, fieldErrors: { [e.field]: e.message } });
      return json(withConflict(reply), { status: 400 });
    }
    if (e instanceof VersionConflict && versioned) {
      const conflict = await conflictFor(a.sql, form, versioned);
      if (conflict) return json(withConflict(replyTo(submission, form), conflict), { status: 409 });
    }
    throw e;
  }
  return redirect(`/config/settings?saved=${submission.value.intent}#${submission.value.intent}`, { status: 303 });
}

/** A checkbox of a section, framed like every owner field (its error under it after a refused post). */
function Check({
  name,
  label,
  values,
  hint,
  error,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  hint?: string;
  error?: string;
}) {
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error} variant="checkbox">
      {({ id, ...aria }) => <input type="checkbox" id={id} name={name} defaultChecked={values[name] === 'on'} {...aria} />}
    </FieldFrame>
  );
}

/** Options of a select, with a value that is not among them kept (marked) so a failed post shows what was sent. */
function optionsWith(list: readonly string[], current: string | undefined) {
  const options = list.map((v) => ({ value: v, label: v }));
  return current && !list.includes(current) ? [{ value: current, label: `${current} (not supported)` }, ...options] : options;
}

/** How many shipping rows `values` holds (`methods[N].…`). */
function methodRows(values: Record<string, string>): number {
  let n = 0;
  for (const k of Object.keys(values)) {
    const m = /^methods\[(\d+)\]\./.exec(k);
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  return Math.min(n, 100);
}

/** What shoppers see where the owner set no text (no success text of its own is "Signed up!"). */
const restockDefault = (name: keyof RestockMessages) => RESTOCK_MESSAGES[name] || RESTOCK_TEXT.signedUp;

interface SectionProps {
  section: Section;
  name: string;
  error: string | null;
  conflict: Conflict | null;
  stamp: FormStamp | null;
  canWrite: boolean;
  formKey: string;
  hint?: string;
  children: ReactNode;
}

/** One section: its heading, its error after a failed save, and its own form and Save button. */
function SectionForm({ section, name, error, conflict, stamp, canWrite, formKey, hint, children }: SectionProps) {
  return (
    <section className="card" id={section} aria-labelledby={`${section}-h`}>
      <h2 id={`${section}-h`}>{name}</h2>
      {hint ? <p className="hint">{hint}</p> : null}
      <FormError message={error} />
      <ConflictNotice conflict={conflict} formId={`settings-${section}`} reloadTo={`/config/settings#${section}`} />
      {/* Remounted by a save that changed this section, so the fields show what was saved; not by a
          refused post or another section's save, whose answers keep what is typed here. */}
      <Form method="post" key={formKey} id={`settings-${section}`}>
        <input type="hidden" name="intent" value={section} />
        <StampFields stamp={stamp} />
        <fieldset disabled={!canWrite}>
          <legend className="visually-hidden">{name} settings</legend>
          {children}
          <button type="submit">Save {name.toLowerCase()} settings</button>
        </fieldset>
      </Form>
    </section>
  );
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const [search] = useSearchParams();
  const canWrite = useCan('settings.write');
  const saved = search.get('saved');
  const savedName = saved && Object.hasOwn(data.sectionNames, saved) ? data.sectionNames[saved as Section] : null;
  // The section a refused post came from is named by its intent; an unreadable post names none.
  const intent = failed?.typed?.intent;
  const failedSection = intent && Object.hasOwn(data.sectionNames, intent) ? (intent as Section) : null;
  const refused = (s: Section) => (failed && failedSection === s ? failed : null);

  const valuesOf = (s: Section) => refused(s)?.typed ?? data.values;
  const errorsOf = (s: Section): Record<string, string> => refused(s)?.errors ?? {};
  const sectionProps = (section: Section) => {
    // A form drawn again after a refused save keeps the version it was first drawn at.
    const stamp = refused(section) ? stampOfTyped(failed?.typed) : data.stamps[section];
    return {
      section,
      name: data.sectionNames[section],
      error: refused(section)?.formError ?? null,
      conflict: refused(section) ? (reply?.conflict ?? null) : null,
      stamp,
      canWrite,
      formKey: `${section}@${(stamp ?? data.stamps[section]).version}`,
    };
  };

  const store = valuesOf('store');
  const storeErr = errorsOf('store');
  const checkout = valuesOf('checkout');
  const ship = valuesOf('shipping');
  const shipErr = errorsOf('shipping');
  const tax = valuesOf('tax');
  const taxErr = errorsOf('tax');
  const inst = valuesOf('instalments');
  const instErr = errorsOf('instalments');
  const restock = valuesOf('restock');
  const restockErr = errorsOf('restock');

  // Saved rows, then one blank row to add a method (a failed post brings its own back).
  const rows = methodRows(ship);
  const rowIndexes = Array.from({ length: rows }, (_, i) => i);
  if (rowIndexes.every((i) => ship[`methods[${i}].id`])) rowIndexes.push(rows);

  return (
    <>
      <h1>Settings</h1>
      <Notice message={savedName ? `${savedName} settings saved.` : null} />
      {failed && !failedSection ? <FormError message={failed.formError} /> : null}
      {!canWrite ? <p className="hint">Your role may look at these settings but not change them.</p> : null}

      <SectionForm {...sectionProps('store')}>
        <Field name="name" label="Store name" required maxLength={80} defaultValue={store.name ?? ''} error={storeErr.name} />
        <Field
          name="baseUrl"
          label="Base URL"
          hint="The store's address, such as https://shop.example. Leave it empty to use the address visitors come in on."
          defaultValue={store.baseUrl ?? ''}
          error={storeErr.baseUrl}
        />
        <SelectField
          name="currency"
          label="Currency"
          options={optionsWith(data.currencies, store.currency)}
          defaultValue={store.currency}
          error={storeErr.currency}
          hint="Prices are not converted: change it before adding products."
        />
        <SelectField
          name="timeZone"
          label="Time zone"
          options={optionsWith(data.timeZones, store.timeZone)}
          defaultValue={store.timeZone}
          error={storeErr.timeZone}
        />
        <Field
          name="locale"
          label="Locale"
          hint="Language and region, such as en-US."
          defaultValue={store.locale ?? ''}
          error={storeErr.locale}
        />
        <Check
          name="multipleQuantityAllowedForServices"
          label="Shoppers may buy more than one of a service"
          hint="Off: a service is sold one at a time, and its page shows no quantity."
          values={store}
          error={storeErr.multipleQuantityAllowedForServices}
        />
      </SectionForm>

      <SectionForm {...sectionProps('checkout')}>
        <Field
          name="checkoutMinimum"
          label={`Checkout minimum (${data.currency})`}
          hint="The smallest order subtotal that can check out."
          inputMode="decimal"
          defaultValue={checkout.checkoutMinimum ?? ''}
          error={errorsOf('checkout').checkoutMinimum}
        />
      </SectionForm>

      <SectionForm
        {...sectionProps('shipping')}
        hint="Shipping methods shoppers choose from at checkout. Fill in the last, empty method to add one."
      >
        <Field
          name="freeFrom"
          label={`Free shipping from (${data.currency})`}
          hint="Methods marked free from this amount cost nothing on orders of this subtotal or more. Leave it empty for never."
          inputMode="decimal"
          defaultValue={ship.freeFrom ?? ''}
          error={shipErr.freeFrom}
        />
        {rowIndexes.map((i) => {
          const k = (f: string) => `methods[${i}].${f}`;
          const id = ship[k('id')];
          return (
            <fieldset key={i}>
              <legend>{id ? `Method: ${ship[k('label')] || id}` : 'New method'}</legend>
              {id ? <input type="hidden" name={k('id')} value={id} /> : null}
              <Field name={k('label')} label="Name" maxLength={80} defaultValue={ship[k('label')] ?? ''} error={shipErr[k('label')]} />
              <Field
                name={k('description')}
                label="Description"
                maxLength={200}
                defaultValue={ship[k('description')] ?? ''}
                error={shipErr[k('description')]}
              />
              <Field
                name={k('rate')}
                label={`Rate (${data.currency})`}
                inputMode="decimal"
                defaultValue={ship[k('rate')] ?? ''}
                error={shipErr[k('rate')]}
              />
              <Field
                name={k('countries')}
                label="Ships to"
                hint="Two-letter country codes separated by commas. Empty: every country not excluded below."
                defaultValue={ship[k('countries')] ?? ''}
                error={shipErr[k('countries')]}
              />
              <Field
                name={k('exceptCountries')}
                label="Does not ship to"
                defaultValue={ship[k('exceptCountries')] ?? ''}
                error={shipErr[k('exceptCountries')]}
              />
              <Check name={k('freeEligible')} label="Free from the free shipping amount" values={ship} />
              <Check name={k('pickup')} label="Local pickup (no shipping address)" values={ship} />
              {id ? <Check name={k('remove')} label="Remove this method" values={ship} /> : null}
            </fieldset>
          );
        })}
      </SectionForm>

      <SectionForm {...sectionProps('tax')}>
        <Field
          name="defaultRate"
          label="Default tax rate (%)"
          hint="For places without a rate of their own."
          inputMode="decimal"
          defaultValue={tax.defaultRate ?? ''}
          error={taxErr.defaultRate}
        />
        <div className="field">
          <label htmlFor="f-rates">Rates by country or region</label>
          <span className="hint" id="f-rates-hint">
            One per line: a country or country-region code and a percentage, such as CA-NS 14.
          </span>
          <textarea
            id="f-rates"
            name="rates"
            rows={8}
            defaultValue={tax.rates ?? ''}
            aria-invalid={taxErr.rates ? true : undefined}
            aria-describedby={taxErr.rates ? 'f-rates-hint f-rates-error' : 'f-rates-hint'}
          />
          {taxErr.rates ? (
            <span className="error" id="f-rates-error">
              {taxErr.rates}
            </span>
          ) : null}
        </div>
        <Field
          name="originRegion"
          label="Where the store is"
          hint="Orders that ship nowhere are taxed here, such as CA-NS."
          defaultValue={tax.originRegion ?? ''}
          error={taxErr.originRegion}
        />
        <Check name="taxShipping" label="Charge tax on shipping" values={tax} />
      </SectionForm>

      <SectionForm {...sectionProps('instalments')}>
        <Check name="afterPayAvailable" label="Offer payment in instalments" values={inst} />
        <Field
          name="instalmentsMin"
          label={`Offered for prices over (${data.currency})`}
          inputMode="decimal"
          defaultValue={inst.instalmentsMin ?? ''}
          error={instErr.instalmentsMin}
        />
        <Field
          name="instalmentsMax"
          label={`Offered for prices up to (${data.currency})`}
          inputMode="decimal"
          defaultValue={inst.instalmentsMax ?? ''}
          error={instErr.instalmentsMax}
        />
        <Field
          name="stripeAccountCountry"
          label="Payment account country"
          hint="Two-letter code. Instalments are offered for US, CA, AU, NZ and GB."
          maxLength={2}
          defaultValue={inst.stripeAccountCountry ?? ''}
          error={instErr.stripeAccountCountry}
        />
      </SectionForm>

      <SectionForm
        {...sectionProps('restock')}
        hint="The form shoppers fill in to hear when a sold-out variant is back. Its texts are plain text, shown in every language of the site; leave one empty for the default, which pages in other languages show translated."
      >
        <Check
          name="restockCaptcha"
          label="Ask for a CAPTCHA on back-in-stock sign-ups"
          values={restock}
          hint="The same self-hosted check as form blocks: the shopper's browser solves a small puzzle, so sign-ups need JavaScript."
        />
        {RESTOCK_MESSAGE_FIELDS.map(({ name, label, max }) => (
          <Field
            key={name}
            name={name}
            label={label}
            maxLength={max}
            placeholder={restockDefault(name)}
            hint={`Default: ${restockDefault(name)}`}
            defaultValue={restock[name] ?? ''}
            error={restockErr[name]}
          />
        ))}
      </SectionForm>
    </>
  );
}
