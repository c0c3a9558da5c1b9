// /config/theme/versions: every saved version of the theme (who, when, note, whether it can be
// published and which one visitors get), two versions compared template by template (a line diff
// rendered on the server, so it works without JavaScript), publishing a version, and reverting to
// one (saved again as the newest version, and published at once if asked). Opening needs
// site.read; publishing and reverting design.write.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ThemeCompare } from '../components/config/ThemeCompare.js';
import { useCan } from '../components/config/layout-data.js';
import { loadSite } from '../catalog/catalog.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { unifiedDiff } from '../config/theme-diff.js';
import {
  describeProblem,
  getVersion,
  listVersions,
  liveVersion,
  publishVersion,
  saveVersion,
  THEME_TEXT,
  ThemeError,
} from '../config/theme-versions.server.js';
import { checkTheme } from '../storefront/theme-check.server.js';
import { readForm, refusedReply } from '../utils/form.server.js';
import styles from '../styles/theme-editor.css?url';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: MetaFunction = () => [{ title: 'Theme versions' }];

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const versions = await listVersions(a.sql, a.site.id);
  const url = new URL(args.request.url);
  const num = (k: string) => Number(url.searchParams.get(k));
  let compare: {
    a: number;
    b: number;
    files: { name: string; before: string; after: string; hunks: ReturnType<typeof unifiedDiff> }[];
  } | null = null;
  let compareError: string | null = null;
  if (url.searchParams.has('a') && url.searchParams.has('b')) {
    const [va, vb] = await Promise.all([getVersion(a.sql, a.site.id, num('a')), getVersion(a.sql, a.site.id, num('b'))]);
    if (!va || !vb) compareError = THEME_TEXT.noSuchVersion;
    else {
      const names = [...new Set([...va.templates, ...vb.templates].map((f) => f.name))];
      const src = (v: typeof va, n: string) => v.templates.find((f) => f.name === n)?.source ?? '';
      compare = {
        a: va.version,
        b: vb.version,
        files: names
          .map((n) => ({ name: n, before: src(va, n), after: src(vb, n), hunks: unifiedDiff(src(va, n), src(vb, n)) }))
          .filter((f) => f.hunks.length > 0),
      };
    }
  }
  let notice: string | null = null;
  if (num('published') > 0) notice = THEME_TEXT.published(num('published'));
  if (num('reverted') > 0) notice = THEME_TEXT.reverted(num('reverted'), num('from'));
  return json(
    {
      versions: versions.map((v) => ({
        ...v,
        savedAt: when(v.savedAt),
        problem: v.problems.find((p) => p.blocking) ? describeProblem(v.problems.find((p) => p.blocking)!) : null,
      })),
      live: liveVersion(versions),
      compare,
      compareError,
      notice,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'design.write');
  const form = await readForm(args.request);
  const intent = form?.get('intent');
  const version = Number(form?.get('version'));
  if ((intent !== 'publish' && intent !== 'revert') || !Number.isSafeInteger(version)) {
    return json(refusedReply(), 400);
  }
  try {
    if (intent === 'publish') {
      await publishVersion(a, version);
      return redirect(`/config/theme/versions?published=${version}`, 303);
    }
    const old = await getVersion(a.sql, a.site.id, version);
    if (!old) throw new ThemeError(404, THEME_TEXT.noSuchVersion);
    // Checked again: the budget or the site's content may have changed since it was saved.
    const problems = await checkTheme(await loadSite(a.site.id), old.templates);
    const made = await saveVersion(a, old.templates, `Revert to version ${version}`, problems, {
      action: 'theme.revert',
      target: `version ${version}`,
    });
    if (form?.get('publish') === 'on') await publishVersion(a, made);
    return redirect(`/config/theme/versions?reverted=${made}&from=${version}`, 303);
  } catch (e) {
    if (!(e instanceof ThemeError)) throw e;
    return json(refusedReply(e.message), e.status);
  }
}

export default function ThemeVersions() {
  const { versions, live, compare, compareError, notice } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const canWrite = useCan('design.write');
  const newest = versions[0]?.version ?? 1;
  return (
    <>
      <p>
        <Link to="/config/theme">Theme</Link>
      </p>
      <h1>Theme versions</h1>
      <Notice message={notice} />
      <FormError message={failed?.formError ?? compareError} />
      <Form method="get" className="toolbar" aria-label="Compare versions">
        <div className="field">
          <label htmlFor="cmp-a">Compare version</label>
          <select id="cmp-a" name="a" defaultValue={compare?.a ?? versions[1]?.version ?? newest}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                {v.version}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cmp-b">with version</label>
          <select id="cmp-b" name="b" defaultValue={compare?.b ?? newest}>
            {versions.map((v) => (
              <option key={v.version} value={v.version}>
                {v.version}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="secondary">
          Compare
        </button>
      </Form>
      {compare ? (
        <section className="card" aria-labelledby="diff-h">
          <h2 id="diff-h">{`Version ${compare.a} → version ${compare.b}`}</h2>
          {compare.files.length === 0 ? <p>The two versions are the same.</p> : null}
          {compare.files.map((f) => (
            <ThemeCompare
              key={f.name}
              name={f.name}
              before={f.before}
              after={f.after}
              hunks={f.hunks}
              labelA={`version ${compare.a}`}
              labelB={`version ${compare.b}`}
            />
          ))}
        </section>
      ) : null}
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Saved</th>
            <th scope="col">By</th>
            <th scope="col">Note</th>
            <th scope="col">Status</th>
            {canWrite ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>{v.version}</td>
              <td>{v.savedAt}</td>
              <td>{v.savedBy}</td>
              <td>{v.note}</td>
              <td>
                {v.version === live ? <span className="badge ok">Live</span> : null}{' '}
                {v.problem ? <span className="badge warn">{`Cannot publish: ${v.problem}`}</span> : null}
              </td>
              {canWrite ? (
                <td className="row-actions">
                  {v.version !== live && v.publishable ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="publish" />
                      <input type="hidden" name="version" value={v.version} />
                      <button type="submit" className="secondary">{`Publish version ${v.version}`}</button>
                    </Form>
                  ) : null}
                  {v.version !== newest ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revert" />
                      <input type="hidden" name="version" value={v.version} />
                      <label>
                        <input type="checkbox" name="publish" /> and publish
                      </label>{' '}
                      <button type="submit" className="secondary">{`Revert to version ${v.version}`}</button>
                    </Form>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
