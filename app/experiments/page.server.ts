// What the page pipeline asks of experiments: the visitor's variants for a page whose templates
// read them while an experiment runs, else null (the page stays the same for everyone and keeps its
// public caching). Never throws: a failure shows the page without variants.
import { getReadSql, type Sql } from '../../db/client.server.js';
import { errorText, log } from '../utils/log.server.js';
import { visitorExperiments, type AssignOptions, type VisitorExperiments } from './assignment.server.js';
import { runningExperiments } from './experiments.server.js';
import { readsExperiments } from './rules.js';

/**
 * `sources`: the page template, the layout and the partials the page renders with. Partials are
 * all counted, since any template may apply any of them. `sql` (the primary) answers who is an
 * internal user; the running experiments may come from a fresh standby in an anonymous request
 * (ADR 0033: starting, stopping or reweighing a running one calls storefrontChanged).
 */
export async function pageExperiments(
  sql: Sql,
  request: Request,
  websiteId: string,
  sources: readonly (string | undefined)[],
  opts: AssignOptions = {},
): Promise<VisitorExperiments | null> {
  if (!sources.some(readsExperiments)) return null;
  try {
    const running = await runningExperiments(await getReadSql(), websiteId);
    if (running.length === 0) return null;
    return await visitorExperiments(sql, request, websiteId, running, opts);
  } catch (e) {
    log.warn(`experiments: the page shows no variant: ${errorText(e)}`);
    return null;
  }
}
