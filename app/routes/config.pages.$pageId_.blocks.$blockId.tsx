// /config/pages/<id>/blocks/<block>: edit one content block of a page, move it up or down, or
// remove it after a confirmation step (?remove=confirm, a page of its own, so it works without
// JavaScript). The block must be one of this page's, and the page one of this site's.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { BLOCK_FORM_ID, BlockForm } from '../components/config/BlockForm.js';
import { ConflictNotice } from '../components/config/ConflictNotice.js';
import { Notice } from '../components/config/Field.js';
import { readReply, typedForm } from '../components/config/reply.js';
import { BLOCK_LABELS } from '../config/blocks/block-types.js';
import { savedBlockValues, typedBlockValues } from '../config/blocks/block-values.js';
import {
  BLOCK_TEXT,
  blockById,
  BlockError,
  blockSubmission,
  blockVersioned,
  mediaFiles,
  siteForms,
  moveBlock,
  removeBlock,
  saveBlock,
  canChangeBlocks,
} from '../config/blocks/blocks.server.js';
import { CHART_TEXT } from '../config/blocks/chart.js';
import { isAndroid } from '../config/blocks/code.js';
import { DESIGN_LABELS } from '../config/blocks/gallery.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { readFormValues, refusedReply, replyTo } from '../utils/form.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import stylesheet from '../styles/blocks.css?url';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${BLOCK_LABELS[data.block.type]} block — ${data.block.pageTitle}` : 'Block' },
];

const SAVED: Record<string, string> = { created: 'Block added.', '1': 'Block saved.' };

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const pageId = args.params.pageId ?? '';
  const block = await blockById(a.sql, a.site.id, pageId, args.params.blockId ?? '');
  if (!block) throw json({ error: BLOCK_TEXT.notFound }, { status: 404 });
  const url = new URL(args.request.url);
  // What a rule changed on the last save: the design's rule (gallery) or the truncation (chart).
  let note: string | null = null;
  if (url.searchParams.get('notes') === '1' && block.settings) {
    if (block.type === 'gallery') {
      const design = (block.settings as { options: { design: keyof typeof DESIGN_LABELS } }).options.design;
      note =
        design === 'slideshow'
          ? 'Slideshow galleries always show thumbnails: they were turned on.'
          : `${DESIGN_LABELS[design]} galleries show no thumbnails and do not autoplay: those options were turned off.`;
    } else if (block.type === 'chart') note = CHART_TEXT.truncated;
  }
  return json(
    {
      pageId,
      block,
      values: savedBlockValues(block.type, block.settings),
      // The version the form is drawn at (issue 28): a save over a block changed since is a conflict.
      stamp: stampFor(blockVersioned(a.site.id, pageId, block.id), block),
      notice: SAVED[url.searchParams.get('saved') ?? ''] ?? null,
      note,
      confirmRemove: url.searchParams.get('remove') === 'confirm',
      files: await mediaFiles(a.sql, a.site.id),
      forms: await siteForms(a.sql, a.site.id),
      android: isAndroid(args.request.headers.get('User-Agent')),
      canWrite: await canChangeBlocks(a, pageId),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const pageId = args.params.pageId ?? '';
  const blockId = args.params.blockId ?? '';
  const back = `/config/pages/${encodeURIComponent(pageId)}`;
  const form = await readFormValues(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  const intent = form.get('intent');
  try {
    if (intent === 'up' || intent === 'down') {
      await moveBlock(a, pageId, blockId, intent);
      return redirect(`${back}?blocks=moved#blocks`, 303);
    }
    if (intent === 'remove') {
      await removeBlock(a, pageId, blockId);
      return redirect(`${back}?blocks=removed#blocks`, 303);
    }
    const block = await blockById(a.sql, a.site.id, pageId, blockId);
    if (!block) throw new BlockError(404, BLOCK_TEXT.notFound);
    const versioned = blockVersioned(a.site.id, pageId, blockId);
    const checked = await checkedSave(a.sql, form, versioned);
    if (checked.kind === 'missing') throw new BlockError(404, BLOCK_TEXT.notFound);
    // A refused post shows the form as the owner sent it (`form`), with the version it was first drawn at.
    const { parsed, submission } = blockSubmission(block.type, checked.post);
    if (!parsed.ok) return json(withConflict(replyTo(submission, form, { formError: parsed.error ?? UI_TEXT.invalidForm })), 400);
    try {
      await saveBlock(a, pageId, blockId, block.type, parsed.settings, checked.guard);
    } catch (e) {
      if (e instanceof VersionConflict) {
        const conflict = await conflictFor(a.sql, form, versioned);
        if (!conflict) throw new BlockError(404, BLOCK_TEXT.notFound);
        return json(withConflict(replyTo(submission, form), conflict), 409);
      }
      if (e instanceof BlockError && e.status === 400) {
        const fieldErrors = e.field ? { [e.field]: e.message } : {};
        return json(withConflict(replyTo(submission, form, { formError: UI_TEXT.invalidForm, fieldErrors })), 400);
      }
      throw e;
    }
    return redirect(`${back}/blocks/${encodeURIComponent(blockId)}?saved=1${parsed.notes.length > 0 ? '&notes=1' : ''}`, 303);
  } catch (e) {
    if (!(e instanceof BlockError)) throw e;
    throw json({ error: e.message }, { status: e.status });
  }
}

export default function EditBlock() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const back = `/config/pages/${encodeURIComponent(d.pageId)}`;
  const label = BLOCK_LABELS[d.block.type];
  return (
    <>
      <p>
        <Link to={`${back}#blocks`}>{`Back to ${d.block.pageTitle}`}</Link>
      </p>
      <h1>{`${label} block`}</h1>
      <Notice message={d.notice} />
      <ConflictNotice conflict={reply?.conflict} formId={BLOCK_FORM_ID} reloadTo={`${back}/blocks/${encodeURIComponent(d.block.id)}`} />
      {d.note ? <p className="hint">{d.note}</p> : null}
      {d.confirmRemove && d.canWrite ? (
        <section className="card" aria-labelledby="remove-h">
          <h2 id="remove-h">{`Remove this ${label.toLowerCase()} block?`}</h2>
          <p>It is taken off the page at once. Files it shows stay in Files.</p>
          <Form method="post" className="row-actions">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className="danger">
              Remove block
            </button>
            <Link to="?" className="button secondary">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <BlockForm
        type={d.block.type}
        values={failed?.typed ? typedBlockValues(d.block.type, typedForm(failed)) : d.values}
        errors={failed?.errors ?? {}}
        formError={failed?.formError ?? null}
        files={d.files}
        forms={d.forms}
        android={d.android}
        canWrite={d.canWrite}
        submitLabel="Save block"
        stamp={failed?.typed ? stampOfTyped(failed.typed) : d.stamp}
      />
      {d.canWrite && !d.confirmRemove ? (
        <p>
          <Link to="?remove=confirm" className="button secondary">
            Remove this block…
          </Link>
        </p>
      ) : null}
    </>
  );
}
