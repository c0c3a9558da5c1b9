// /config/theme/edit/<name>: one template of the theme's newest version in an editor (a textarea in a
// form without JavaScript; CodeMirror and the live preview with it). Saving makes a new version,
// checked on save (app/storefront/theme-check.server.ts): a version with a syntax error or a render
// the budget stopped is kept as a draft but cannot be published. Opening needs site.read; saving
// design.write.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ThemeConflict, ThemeEditor, type ThemeMove } from '../components/config/ThemeEditor.js';
import { ThemeProblems } from '../components/config/ThemeProblems.js';
import { useCan } from '../components/config/layout-data.js';
import { loadSite } from '../catalog/catalog.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { latestVersion, SaveForm, saveVersion, THEME_TEXT, ThemeError, ThemeMoved, withSource } from '../config/theme-versions.server.js';
import { PREVIEW_LABELS, PREVIEW_PAGES, previewPageFor } from '../storefront/preview-context.server.js';
import { checkTheme } from '../storefront/theme-check.server.js';
import { firstErrors, parseForm, readForm, refusedReply, replyTo, UNREADABLE_FORM } from '../utils/form.server.js';
import styles from '../styles/theme-editor.css?url';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Theme: ${data.file.name}` : 'Theme' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const draft = await latestVersion(a.sql, a.site.id);
  const file = draft.templates.find((f) => f.name === args.params.name);
  if (!file) throw json({ error: THEME_TEXT.noSuchTemplate }, { status: 404 });
  const url = new URL(args.request.url);
  const saved = Number(url.searchParams.get('saved'));
  const savedNotice = saved === draft.version ? (draft.publishable ? THEME_TEXT.saved(saved) : THEME_TEXT.savedWithProblems(saved)) : null;
  return json(
    {
      file,
      version: draft.version,
      savedBy: draft.savedBy,
      publishable: draft.publishable,
      published: draft.publishedAt !== null,
      problems: draft.problems,
      notice: savedNotice,
      previewPages: PREVIEW_PAGES.map((p) => ({ value: p, label: PREVIEW_LABELS[p] })),
      previewPage: file.kind === 'page' ? previewPageFor(file.name) : 'home',
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'design.write');
  const name = args.params.name ?? '';
  const form = await readForm(args.request);
  // Every answer has one shape: `moved` says which version overtook the editor's (a 409), else null.
  if (!form) return json({ ...refusedReply(), moved: null }, 400);
  const parsed = parseForm(form, SaveForm);
  // Every refusal keeps the template and the note as typed.
  const refuse = (error: string, moved: ThemeMove | null = null) => ({ ...replyTo(parsed, form, { formError: error }), moved });
  if (parsed.status !== 'success') return json(refuse(Object.values(firstErrors(parsed.error ?? undefined))[0] ?? UNREADABLE_FORM), 400);
  try {
    // A save built on a version another save overtook is built again on the newer one (its other
    // templates kept), unless the editor said which version it opened: then it is the stale answer.
    for (let attempt = 0; ; attempt++) {
      const draft = await latestVersion(a.sql, a.site.id);
      if (parsed.value.base !== undefined && Number(parsed.value.base) !== draft.version) {
        return json(refuse(THEME_TEXT.stale(draft.version), { from: Number(parsed.value.base), to: draft.version }), 409);
      }
      const files = withSource(draft.templates, name, parsed.value.source);
      const problems = await checkTheme(await loadSite(a.site.id), files);
      try {
        const version = await saveVersion(a, files, parsed.value.note, problems, { action: 'theme.save', target: name }, draft.version);
        return redirect(`/config/theme/edit/${encodeURIComponent(name)}?saved=${version}`, 303);
      } catch (e) {
        if (!(e instanceof ThemeMoved)) throw e;
        if (attempt >= 4) return json(refuse(THEME_TEXT.stale(e.latest), { from: draft.version, to: e.latest }), 409);
      }
    }
  } catch (e) {
    if (!(e instanceof ThemeError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    return json(refuse(e.message), e.status);
  }
}

export default function EditTemplate() {
  const { file, version, savedBy, publishable, published, problems, notice, previewPages, previewPage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const canWrite = useCan('design.write');
  return (
    <>
      <p>
        <Link to="/config/theme">Theme</Link> · <Link to="/config/theme/versions">Versions</Link>
      </p>
      <h1>{file.name}</h1>
      <p>
        {`Version ${version} `}
        {published ? <span className="badge ok">Published</span> : <span className="badge warn">Draft</span>}
      </p>
      <Notice message={notice} />
      <FormError message={failed?.formError} />
      {/* The newest version is the loader's: the other save's text, shown beside the owner's own in the editor. */}
      <ThemeConflict moved={reply?.moved} name={file.name} version={version} theirs={file.source} savedBy={savedBy} />
      <ThemeProblems problems={problems} />
      {canWrite && !published ? (
        <Form method="post" action="/config/theme" className="row-actions">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="version" value={version} />
          <button type="submit" disabled={!publishable}>{`Publish version ${version}`}</button>
        </Form>
      ) : null}
      <ThemeEditor
        key={`${file.name}:${version}`}
        name={file.name}
        kind={file.kind}
        version={version}
        source={failed?.typed?.source ?? file.source}
        note={failed?.typed?.note ?? ''}
        error={failed?.errors.source ?? null}
        canWrite={canWrite}
        previewPages={previewPages}
        previewPage={previewPage}
      />
    </>
  );
}
