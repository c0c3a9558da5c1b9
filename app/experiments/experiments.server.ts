// A site's experiments in the database: list, create, change the weights, start and stop (every
// change audited, and the storefront told so pages drop their cached copies), and the running ones
// the storefront reads on every page, kept per process until the next change.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { MAX_ACTIVE, variantsProblem, type Experiment, type ExperimentStatus, type Running, type Variant } from './rules.js';

/** A refused change, with the field it is about (for the form) and the HTTP status. */
export class ExperimentError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const EXPERIMENT_TEXT = {
  notFound: 'This experiment does not exist, or it was deleted.',
  nameTaken: 'An experiment with this name already exists.',
  tooManyActive: `At most ${MAX_ACTIVE} experiments can run at once. Stop one first.`,
};

interface Row {
  id: string;
  name: string;
  variants: Variant[];
  status: ExperimentStatus;
  created_at: Date;
  started_at: Date | null;
  stopped_at: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const shape = (r: Row): Experiment => ({
  id: r.id,
  name: r.name,
  variants: r.variants,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  startedAt: iso(r.started_at),
  stoppedAt: iso(r.stopped_at),
});

/** The site's experiments, running ones first, then newest first. */
export async function listExperiments(sql: Sql, websiteId: string): Promise<Experiment[]> {
  const rows = await sql<Row[]>`
    select id, name, variants, status, created_at, started_at, stopped_at from experiment
     where website_id = ${websiteId}
     order by status = 'ACTIVE' desc, created_at desc, name`;
  return rows.map(shape);
}

export async function getExperiment(sql: Sql, websiteId: string, id: string): Promise<Experiment | null> {
  const [row] = await sql<Row[]>`
    select id, name, variants, status, created_at, started_at, stopped_at from experiment
     where website_id = ${websiteId} and id = ${id}`;
  return row ? shape(row) : null;
}

function checkVariants(variants: Variant[]): void {
  const problem = variantsProblem(variants);
  if (problem) throw new ExperimentError(400, problem, 'variants');
}

/** A new experiment, as a draft (it assigns nobody until started). */
export async function createExperiment(a: OwnerAccess, name: string, variants: Variant[]): Promise<Experiment> {
  checkVariants(variants);
  const id = crypto.randomUUID();
  const rows = await a.sql<Row[]>`
    insert into experiment (id, website_id, name, variants)
    values (${id}, ${a.site.id}, ${name}, ${a.sql.json(variants as never)})
    on conflict (website_id, name) do nothing
    returning id, name, variants, status, created_at, started_at, stopped_at`;
  if (rows.length === 0) throw new ExperimentError(409, EXPERIMENT_TEXT.nameTaken, 'name');
  await recordAudit(a.sql, actorOf(a), 'experiment.create', name, { variants });
  return shape(rows[0]);
}

/**
 * New weights for the experiment's variants, by name (names and order stay). Visitors keep the
 * variant they were given; new visitors are drawn by the new weights.
 */
export async function setWeights(a: OwnerAccess, id: string, weights: Record<string, number>): Promise<Experiment> {
  const e = await getExperiment(a.sql, a.site.id, id);
  if (!e) throw new ExperimentError(404, EXPERIMENT_TEXT.notFound);
  const variants = e.variants.map((v) => ({ name: v.name, weight: weights[v.name] ?? v.weight }));
  checkVariants(variants);
  await a.sql`update experiment set variants = ${a.sql.json(variants as never)}, updated_at = now()
               where website_id = ${a.site.id} and id = ${id}`;
  await recordAudit(a.sql, actorOf(a), 'experiment.weights', e.name, { variants });
  if (e.status === 'ACTIVE') await storefrontChanged(a.sql, a.site.id);
  return { ...e, variants };
}

/** Starts (ACTIVE) or stops (STOPPED) an experiment. */
export async function setStatus(a: OwnerAccess, id: string, status: 'ACTIVE' | 'STOPPED'): Promise<Experiment> {
  const e = await getExperiment(a.sql, a.site.id, id);
  if (!e) throw new ExperimentError(404, EXPERIMENT_TEXT.notFound);
  if (e.status === status) return e;
  if (status === 'ACTIVE') {
    const [{ n }] = await a.sql<{ n: number }[]>`
      select count(*)::int as n from experiment where website_id = ${a.site.id} and status = 'ACTIVE'`;
    if (n >= MAX_ACTIVE) throw new ExperimentError(409, EXPERIMENT_TEXT.tooManyActive);
  }
  const [row] = await a.sql<Row[]>`
    update experiment set status = ${status}, updated_at = now(),
           started_at = case when ${status} = 'ACTIVE' then now() else started_at end,
           stopped_at = case when ${status} = 'STOPPED' then now() else null end
     where website_id = ${a.site.id} and id = ${id}
     returning id, name, variants, status, created_at, started_at, stopped_at`;
  await recordAudit(a.sql, actorOf(a), status === 'ACTIVE' ? 'experiment.start' : 'experiment.stop', e.name);
  await storefrontChanged(a.sql, a.site.id);
  return shape(row);
}

/** Deletes an experiment (its recorded events keep their variants). */
export async function deleteExperiment(a: OwnerAccess, id: string): Promise<string> {
  const [row] = await a.sql<{ name: string; status: string }[]>`
    delete from experiment where website_id = ${a.site.id} and id = ${id} returning name, status`;
  if (!row) throw new ExperimentError(404, EXPERIMENT_TEXT.notFound);
  await recordAudit(a.sql, actorOf(a), 'experiment.delete', row.name);
  if (row.status === 'ACTIVE') await storefrontChanged(a.sql, a.site.id);
  return row.name;
}

/** The running experiments, read from the database (the storefront goes through runningExperiments). */
export async function readRunning(sql: Sql, websiteId: string): Promise<Running[]> {
  return sql<Running[]>`
    select name, variants from experiment where website_id = ${websiteId} and status = 'ACTIVE' order by name`;
}

// Read on every page: kept per process, dropped by any change of the site (storefrontChanged).
const running = createReadCache({ max: 1000 });

export function runningExperiments(sql: Sql, websiteId: string): Promise<Running[]> {
  return running.get(websiteId, 'experiments', () => readRunning(sql, websiteId));
}
