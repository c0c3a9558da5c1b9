// /config/pages/<id>/blocks/new: add a content block to a page. Without ?type it asks which kind
// (plain links); with one it shows that block's form with its defaults, and saving adds the block
// at the end of the page and opens it.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { BlockForm } from '../components/config/BlockForm.js';
import { readReply, typedForm } from '../components/config/reply.js';
import { BLOCK_HINTS, BLOCK_LABELS, BLOCK_TYPES, isBlockType } from '../config/blocks/block-types.js';
import { newBlockValues, typedBlockValues } from '../config/blocks/block-values.js';
import {
  addBlock,
  BLOCK_TEXT,
  BlockError,
  blockSubmission,
  canChangeBlocks,
  mediaFiles,
  pageTitle,
  siteForms,
} from '../config/blocks/blocks.server.js';
import { isAndroid } from '../config/blocks/code.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { readFormValues, refusedReply, replyTo } from '../utils/form.server.js';
import stylesheet from '../styles/blocks.css?url';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Add a block to ${data.page.title}` : 'Add a block' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const pageId = args.params.pageId ?? '';
  const page = await pageTitle(a.sql, a.site.id, pageId);
  if (!page) throw json({ error: BLOCK_TEXT.pageNotFound }, { status: 404 });
  const wanted = new URL(args.request.url).searchParams.get('type');
  const type = isBlockType(wanted) ? wanted : null;
  return json(
    {
      pageId,
      page,
      type,
      values: type ? newBlockValues(type) : null,
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
  const form = await readFormValues(args.request);
  const wanted = new URL(args.request.url).searchParams.get('type') ?? form?.get('type');
  if (!form || !isBlockType(wanted)) return json(refusedReply('Choose a kind of block to add.'), 400);
  const { parsed, submission } = blockSubmission(wanted, form);
  if (!parsed.ok) return json(replyTo(submission, form, { formError: parsed.error ?? UI_TEXT.invalidForm }), 400);
  try {
    const id = await addBlock(a, pageId, wanted, parsed.settings);
    const notes = parsed.notes.length > 0 ? '&notes=1' : '';
    return redirect(`/config/pages/${encodeURIComponent(pageId)}/blocks/${id}?saved=created${notes}`, 303);
  } catch (e) {
    if (!(e instanceof BlockError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const formError = e.status === 400 ? UI_TEXT.invalidForm : e.message;
    return json(
      replyTo(submission, form, { formError, fieldErrors: e.field ? { [e.field]: e.message } : {} }),
      e.status === 409 || e.status === 403 ? e.status : 400,
    );
  }
}

export default function NewBlock() {
  const d = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const back = `/config/pages/${encodeURIComponent(d.pageId)}`;
  return (
    <>
      <p>
        <Link to={`${back}#blocks`}>{`Back to ${d.page.title}`}</Link>
      </p>
      <h1>{d.type ? `Add a ${BLOCK_LABELS[d.type].toLowerCase()} block` : 'Add a block'}</h1>
      {d.type && d.values ? (
        <BlockForm
          type={d.type}
          values={failed?.typed ? typedBlockValues(d.type, typedForm(failed)) : d.values}
          errors={failed?.errors ?? {}}
          formError={failed?.formError ?? null}
          files={d.files}
          forms={d.forms}
          android={d.android}
          canWrite={d.canWrite}
          submitLabel="Add block"
        />
      ) : (
        <ul className="block-types">
          {BLOCK_TYPES.map((t) => (
            <li key={t}>
              <Link to={`?type=${t}`}>{BLOCK_LABELS[t]}</Link> <span className="hint">{BLOCK_HINTS[t]}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
