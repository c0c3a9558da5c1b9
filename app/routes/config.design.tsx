// /config/design: the site's fonts and colours, which the storefront's stylesheet turns into CSS
// custom properties (app/design/design.ts). Without JavaScript: selects and text inputs; with it,
// a font picker, a colour picker and a live preview of the site (app/components/config/DesignEditor.tsx).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ConflictNotice } from '../components/config/ConflictNotice.js';
import { FormError, Notice } from '../components/config/Field.js';
import { DesignEditor } from '../components/config/DesignEditor.js';
import { readReply } from '../components/config/reply.js';
import { useCan } from '../components/config/layout-data.js';
import { DESIGN_TEXT, DesignForm, designScreen, designVersioned, saveDesign } from '../config/design.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import stylesheet from '../styles/config-design.css?url';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction = () => [{ title: 'Design' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  // The preview frames this address's home page: only the site this host serves can be previewed.
  const hostSite = (args.context?.site as { id?: string } | undefined)?.id;
  const notice = new URL(args.request.url).searchParams.get('saved') ? DESIGN_TEXT.saved : null;
  const screen = await designScreen(a.sql, a.site.id);
  // The version the form is drawn at (issue 28): a save over a design changed since is a conflict.
  const stamp = stampFor(designVersioned(a.site.id), screen.values);
  return json({ ...screen, stamp, preview: hostSite === a.site.id, notice }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'design.write');
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  const versioned = designVersioned(a.site.id);
  // "Apply only my changes" saves the design as it is now with only the owner's fields on top.
  const checked = await checkedSave(a.sql, form, versioned);
  if (checked.kind === 'missing') throw new Response('No such site', { status: 404 });
  const submission = parseForm(checked.post, DesignForm);
  // A refused post shows the form as the owner sent it (`form`), not the merged post that was checked.
  if (submission.status !== 'success') return json(withConflict(replyTo(submission, form, { formError: DESIGN_TEXT.invalid })), 400);
  try {
    await saveDesign(a, submission.value, checked.guard);
  } catch (e) {
    if (!(e instanceof VersionConflict)) throw e;
    const conflict = await conflictFor(a.sql, form, versioned);
    if (!conflict) throw e;
    return json(withConflict(replyTo(submission, form), conflict), 409);
  }
  return redirect('/config/design?saved=1', 303);
}

export default function Design() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const canWrite = useCan('design.write');
  const values = failed?.typed ?? data.values;
  // A form drawn again after a refused save keeps the version it was first drawn at.
  const stamp = (failed?.typed ? stampOfTyped(failed.typed) : null) ?? data.stamp;
  return (
    <>
      <h1>Design</h1>
      <p className="hint">
        The fonts and colours of every page of your site. A choice left on the theme&apos;s default keeps the theme&apos;s own.
      </p>
      <Notice message={failed ? null : data.notice} />
      <FormError message={failed?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId="design-form" reloadTo="/config/design" />
      {!canWrite ? <p className="hint">Your role may look at the design but not change it.</p> : null}
      {/* Remounted by a save that changed the design, so the fields show what was saved; not by a
          refused post, whose fields keep what was typed (with JavaScript, also while it was on its way). */}
      <DesignEditor
        key={stamp.version}
        values={values}
        errors={failed?.errors ?? {}}
        swatches={data.swatches}
        canWrite={canWrite}
        preview={data.preview}
        stamp={stamp}
      />
    </>
  );
}
