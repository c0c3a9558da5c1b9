// /config/experiments: the site's A/B tests (ADR 0017). Create one with its variants and weights
// (a draft), change the weights, start and stop it, delete it. experiments.read opens the screen;
// experiments.write changes anything. Templates read the visitor's variant as experiments.<name>.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { DataTable } from '../components/config/DataTable.js';
import { Field, FormError, Notice } from '../components/config/Field.js';
import { readReply, type RefusedPost } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import {
  createExperiment,
  deleteExperiment,
  ExperimentError,
  listExperiments,
  setStatus,
  setWeights,
} from '../experiments/experiments.server.js';
import { ExperimentName, MAX_VARIANTS, OVERRIDE_PARAM, shares, VariantName, Weight, type Experiment } from '../experiments/rules.js';
import { parseForm, readForm, refusedReply, replyTo, UNREADABLE_FORM } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'experiments.read');
  const experiments = await listExperiments(a.sql, a.site.id);
  return json({ experiments, canWrite: a.can('experiments.write') }, { headers: { 'Cache-Control': 'no-store' } });
}

const Id = z.string({ required_error: 'The form could not be read.' }).min(1).max(64);
const Schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), name: ExperimentName }),
  z.object({ intent: z.literal('weights'), id: Id }),
  z.object({ intent: z.literal('start'), id: Id }),
  z.object({ intent: z.literal('stop'), id: Id }),
  z.object({ intent: z.literal('delete'), id: Id }),
]);

/** The create form's variant rows: `variant0`/`weight0`... (blank rows are skipped). */
const variantField = (i: number) => `variant${i}`;
const weightField = (i: number) => `weight${i}`;
/** The weights form's field of a variant (names are letters, digits, - and _: no dots to nest). */
const weightOf = (variant: string) => `w_${variant}`;

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'experiments.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), 400);
  const submission = parseForm(form, Schema);
  const problem = UI_TEXT.invalidForm;
  // The variant rows and the weights are checked here, beside the schema: their names are numbered.
  const refuse = (formError: string, fieldErrors: Record<string, string> = {}, status = 400) =>
    json(replyTo(submission, form, { formError, fieldErrors }), status);
  if (submission.status !== 'success') return refuse(form.get('intent') ? problem : UNREADABLE_FORM);
  const v = submission.value;
  const fields: Record<string, string> = {};
  try {
    if (v.intent === 'create') {
      const variants: { name: string; weight: number }[] = [];
      for (let i = 0; i < MAX_VARIANTS; i++) {
        const name = (form.get(variantField(i)) ?? '').trim();
        const weight = form.get(weightField(i)) ?? '';
        if (name === '' && weight.trim() === '') continue;
        const n = VariantName.safeParse(name);
        const w = Weight.safeParse(weight);
        if (!n.success) fields[variantField(i)] = n.error.issues[0].message;
        if (!w.success) fields[weightField(i)] = w.error.issues[0].message;
        if (n.success && w.success) variants.push({ name: n.data, weight: w.data });
      }
      if (Object.keys(fields).length > 0) return refuse(problem, fields);
      const e = await createExperiment(a, v.name, variants);
      return json({ notice: `Experiment ${e.name} created. Start it when the templates are ready.` });
    }
    if (v.intent === 'weights') {
      const weights: Record<string, number> = {};
      for (const [k, raw] of form) {
        if (!k.startsWith('w_')) continue;
        const w = Weight.safeParse(raw);
        if (w.success) weights[k.slice(2)] = w.data;
        else fields[k] = w.error.issues[0].message;
      }
      if (Object.keys(fields).length > 0) return refuse(problem, fields);
      const e = await setWeights(a, v.id, weights);
      return json({ notice: `Weights of ${e.name} saved.` });
    }
    if (v.intent === 'delete') {
      const name = await deleteExperiment(a, v.id);
      return json({ notice: `Experiment ${name} deleted.` });
    }
    const e = await setStatus(a, v.id, v.intent === 'start' ? 'ACTIVE' : 'STOPPED');
    return json({ notice: v.intent === 'start' ? `Experiment ${e.name} started.` : `Experiment ${e.name} stopped.` });
  } catch (e) {
    if (e instanceof ExperimentError) return refuse(e.message, e.field ? { [e.field]: e.message } : {}, e.status);
    throw e;
  }
}

const STATUS_LABEL: Record<Experiment['status'], string> = { DRAFT: 'Draft', ACTIVE: 'Running', STOPPED: 'Stopped' };

export default function Experiments() {
  const { experiments, canWrite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A post either answered its notice or was refused (Conform's reply).
  const failed = readReply(result && !('notice' in result) ? result : null);
  const creating = failed?.typed?.intent === 'create';
  const t = (name: string) => (creating ? (failed?.typed?.[name] ?? '') : undefined);
  const err = (name: string) => (creating ? failed?.errors[name] : null);

  const columns: ColumnDef<Experiment, unknown>[] = [
    {
      header: 'Experiment',
      cell: ({ row }) => (
        <>
          <strong>{row.original.name}</strong>
          <br />
          <code>experiments.{row.original.name}</code>
        </>
      ),
    },
    { header: 'Status', cell: ({ row }) => <span className="badge">{STATUS_LABEL[row.original.status]}</span> },
    {
      header: 'Variants and weights',
      cell: ({ row }) => <WeightsForm experiment={row.original} canWrite={canWrite} failed={failed} />,
    },
    {
      header: 'Actions',
      cell: ({ row }) => {
        const e = row.original;
        if (!canWrite) return null;
        return (
          <div className="row-actions">
            <Form method="post">
              <input type="hidden" name="id" value={e.id} />
              {e.status === 'ACTIVE' ? (
                <button type="submit" name="intent" value="stop" className="secondary">
                  Stop {e.name}
                </button>
              ) : (
                <button type="submit" name="intent" value="start">
                  Start {e.name}
                </button>
              )}
            </Form>
            <Form method="post">
              <input type="hidden" name="id" value={e.id} />
              <button type="submit" name="intent" value="delete" className="danger">
                Delete {e.name}
              </button>
            </Form>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <h1>Experiments</h1>
      <p>
        An experiment shows each visitor one of its variants, drawn by weight and kept for their session. Templates branch on it, for
        example{' '}
        <code>
          {'{.equal? experiments.hero "b"}'}…{'{.or}'}…{'{.end}'}
        </code>
        . A stopped experiment shows every visitor the template&apos;s default. Signed in, you can preview a variant with{' '}
        <code>?{OVERRIDE_PARAM}=hero:b</code>; visitors cannot. Compare the variants in <Link to="/config/analytics">Analytics</Link>.
      </p>
      <Notice message={result && 'notice' in result ? result.notice : null} />
      <FormError message={failed?.formError} />

      <h2>Experiments of this site</h2>
      <DataTable rows={experiments} columns={columns} caption="Experiments of this site" empty="No experiments yet." rowKey={(e) => e.id} />

      {canWrite ? (
        <section className="card" aria-labelledby="create-h">
          <h2 id="create-h">Create an experiment</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Field
              name="name"
              label="Name"
              hint="Lower-case letters, digits and underscores; templates read it as experiments.name."
              required
              maxLength={40}
              defaultValue={t('name') ?? ''}
              error={err('name')}
            />
            <fieldset>
              <legend>Variants (the first is the control; leave rows blank to use fewer)</legend>
              {Array.from({ length: MAX_VARIANTS }, (_, i) => (
                <div className="row" key={i}>
                  <Field
                    name={variantField(i)}
                    label={`Variant ${i + 1} name`}
                    maxLength={32}
                    defaultValue={t(variantField(i)) ?? (i === 0 ? 'a' : i === 1 ? 'b' : '')}
                    error={err(variantField(i))}
                  />
                  <Field
                    name={weightField(i)}
                    label={`Variant ${i + 1} weight`}
                    inputMode="numeric"
                    maxLength={4}
                    defaultValue={t(weightField(i)) ?? (i < 2 ? '50' : '')}
                    error={err(weightField(i))}
                  />
                </div>
              ))}
              {creating && failed?.errors.variants ? (
                <span className="error" role="alert">
                  {failed.errors.variants}
                </span>
              ) : null}
            </fieldset>
            <button type="submit">Create experiment</button>
          </Form>
        </section>
      ) : null}
    </>
  );
}

function WeightsForm({ experiment: e, canWrite, failed }: { experiment: Experiment; canWrite: boolean; failed: RefusedPost | null }) {
  const mine = failed?.typed?.intent === 'weights' && failed.typed.id === e.id ? failed : null;
  const pct = shares(e.variants);
  if (!canWrite) {
    return (
      <ul>
        {e.variants.map((v, i) => (
          <li key={v.name}>
            {v.name}: {v.weight} ({pct[i]}%)
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Form method="post" aria-label={`Weights of ${e.name}`}>
      <input type="hidden" name="intent" value="weights" />
      <input type="hidden" name="id" value={e.id} />
      {e.variants.map((v, i) => (
        <Field
          key={v.name}
          id={`w-${e.id}-${v.name}`}
          name={weightOf(v.name)}
          label={`Weight of ${v.name}${i === 0 ? ' (control)' : ''}`}
          hint={`${pct[i]}% of visitors`}
          inputMode="numeric"
          maxLength={4}
          defaultValue={mine?.typed?.[weightOf(v.name)] ?? String(v.weight)}
          error={mine?.errors[weightOf(v.name)] ?? (i === 0 ? mine?.errors.variants : null)}
        />
      ))}
      <button type="submit" className="secondary">
        Save weights of {e.name}
      </button>
    </Form>
  );
}
