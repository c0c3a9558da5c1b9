// /config/theme: the theme's templates (layout, page templates, partials, theme.css) in the newest
// version (the draft the editor works on) and the version visitors get, what the checks on save
// found, and the form that publishes the draft. Opening needs site.read; publishing design.write.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ThemeProblems } from '../components/config/ThemeProblems.js';
import { useCan } from '../components/config/layout-data.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { latestVersion, listVersions, liveVersion, publishVersion, THEME_TEXT, ThemeError } from '../config/theme-versions.server.js';
import { readForm, refusedReply } from '../utils/form.server.js';
import styles from '../styles/theme-editor.css?url';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: MetaFunction = () => [{ title: 'Theme' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const [draft, versions] = await Promise.all([latestVersion(a.sql, a.site.id), listVersions(a.sql, a.site.id)]);
  const url = new URL(args.request.url);
  const published = Number(url.searchParams.get('published'));
  return json(
    {
      draft: { version: draft.version, publishable: draft.publishable, problems: draft.problems, publishedAt: draft.publishedAt },
      live: liveVersion(versions),
      files: draft.templates.map((f) => ({ name: f.name, kind: f.kind, lines: f.source.split('\n').length })),
      notice: Number.isInteger(published) && published > 0 ? THEME_TEXT.published(published) : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'design.write');
  const form = await readForm(args.request);
  const version = Number(form?.get('version'));
  if (form?.get('intent') !== 'publish' || !Number.isSafeInteger(version)) return json(refusedReply(), 400);
  try {
    await publishVersion(a, version);
  } catch (e) {
    if (!(e instanceof ThemeError)) throw e;
    return json(refusedReply(e.message), e.status);
  }
  return redirect(`/config/theme?published=${version}`, 303);
}

const KIND_LABELS: Record<string, string> = { layout: 'Layout', page: 'Page template', partial: 'Partial', stylesheet: 'Stylesheet' };

export default function Theme() {
  const { draft, live, files, notice } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const canWrite = useCan('design.write');
  return (
    <>
      <h1>Theme</h1>
      <Notice message={notice} />
      <FormError message={failed?.formError} />
      <p>
        {`Draft: version ${draft.version}`}
        {draft.publishedAt ? <span className="badge ok">Published</span> : <span className="badge warn">Not published</span>}{' '}
        {live !== null ? `Visitors see version ${live}.` : null} <Link to="/config/theme/versions">Versions</Link>
      </p>
      <ThemeProblems problems={draft.problems} />
      {canWrite && live !== draft.version ? (
        <Form method="post" className="row-actions">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="version" value={draft.version} />
          <button type="submit" disabled={!draft.publishable}>{`Publish version ${draft.version}`}</button>
        </Form>
      ) : null}
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Template</th>
            <th scope="col">Kind</th>
            <th scope="col">Lines</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f.name}>
              <td>
                <Link to={`/config/theme/edit/${encodeURIComponent(f.name)}`}>{f.name}</Link>
              </td>
              <td>{KIND_LABELS[f.kind] ?? f.kind}</td>
              <td>{f.lines}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
