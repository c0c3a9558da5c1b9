// /config/files/<id>: File Detail (SPEC 2): a preview, what the file is, the URL visitors load it
// from, and Rename and Delete. Delete asks first, on a page of its own (?delete=1), so the
// confirmation works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { Field, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { useCan } from '../components/config/layout-data.js';
import { FILE_TEXT, formatSize, kindOf, MAX_NAME_LENGTH } from '../utils/file-types.js';
import { deleteFile, renameFile } from '../config/files.server.js';
import { fileById, filePath } from '../catalog/files.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;

const NOT_FOUND = 'There is no such file in this site. It may have been deleted.';
const notFound = () => json({ error: NOT_FOUND }, { status: 404 });

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const f = await fileById(a.sql, a.site.id, args.params.id);
  if (!f) throw notFound();
  const url = new URL(args.request.url);
  const k = kindOf(f.contentType);
  return json(
    {
      file: {
        id: f.id,
        name: f.name,
        contentType: f.contentType,
        size: formatSize(f.sizeBytes),
        dimensions: f.originalSize,
        uploaded: new Date(f.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC',
        url: baseUrlFor(a.site.baseUrl) + filePath(f),
        preview: `/config/files/${f.id}/content`,
        image: k?.image ?? false,
      },
      confirming: url.searchParams.has('delete'),
      notice: url.searchParams.has('uploaded') ? 'File uploaded.' : url.searchParams.has('saved') ? 'File renamed.' : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const Schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename'), name: z.string().default('') }),
  z.object({ intent: z.literal('delete'), confirm: z.string().optional() }),
]);

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'files.write');
  const id = args.params.id ?? '';
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(UI_TEXT.invalidForm), 400);
  const submission = parseForm(form, Schema);
  if (submission.status !== 'success') return json(replyTo(submission, form, { formError: UI_TEXT.invalidForm }), 400);
  const v = submission.value;
  if (v.intent === 'delete') {
    // Without the confirmation's own field, the post came from elsewhere: ask first.
    if (v.confirm !== 'yes') return redirect(`/config/files/${id}?delete=1`, 303);
    if (!(await deleteFile(a, id))) throw notFound();
    return redirect('/config/files?deleted=1', 303);
  }
  const renamed = await renameFile(a, id, v.name);
  if (!renamed) throw notFound();
  if (!renamed.ok) return json(replyTo(submission, form, { formError: FILE_TEXT.renameText, fieldErrors: { name: renamed.error } }), 400);
  return redirect(`/config/files/${id}?saved=1`, 303);
}

const noChanges = () => () => {};

function CopyButton({ text }: { text: string }) {
  // Copying needs JavaScript; without it the address field above is there to select.
  const ready = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const [copied, setCopied] = useState(false);
  if (!ready) return null;
  return (
    <button
      type="button"
      className="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : 'Copy URL'}
    </button>
  );
}

export default function FileDetail() {
  const { file, confirming, notice } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const canWrite = useCan('files.write');
  return (
    <>
      <p>
        <Link to="/config/files">Files</Link>
      </p>
      <h1>{file.name}</h1>
      <Notice message={notice} />
      <section className="card file-detail" aria-labelledby="detail-h">
        <h2 id="detail-h" className="visually-hidden">
          File Detail
        </h2>
        <div className="file-preview">
          {file.image ? <img src={file.preview} alt={`Preview of ${file.name}`} /> : <a href={file.preview}>Open {file.name}</a>}
        </div>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{file.name}</dd>
          <dt>Type</dt>
          <dd>{file.contentType}</dd>
          <dt>Size</dt>
          <dd>{file.size}</dd>
          {file.dimensions ? (
            <>
              <dt>Dimensions</dt>
              <dd>{`${file.dimensions.replace('x', ' × ')} pixels`}</dd>
            </>
          ) : null}
          <dt>Uploaded</dt>
          <dd>{file.uploaded}</dd>
        </dl>
        <div className="toolbar">
          <Field name="url" label="URL" readOnly value={file.url} onFocus={(e) => e.currentTarget.select()} size={60} />
          <CopyButton text={file.url} />
        </div>
      </section>

      {canWrite ? (
        <>
          <section className="card" aria-labelledby="rename-h">
            <h2 id="rename-h">Rename</h2>
            {failed ? (
              <div className="form-error" role="alert">
                <h3>{FILE_TEXT.renameTitle}</h3>
                <p>{failed.formError}</p>
              </div>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="rename" />
              <Field
                name="name"
                label="New name"
                defaultValue={failed ? (failed.typed?.name ?? '') : file.name}
                maxLength={MAX_NAME_LENGTH}
                error={failed?.errors.name}
                hint="The extension is kept when you leave it out."
                // Drawn afresh by a rename, not by a refused one: the box keeps what was typed.
                key={file.name}
              />
              <button type="submit">Rename</button>
            </Form>
          </section>

          <section className="card" aria-labelledby="delete-h">
            <h2 id="delete-h">Delete</h2>
            {confirming ? (
              <div role="alert">
                <p>{FILE_TEXT.deleteConfirm}</p>
                <div className="row-actions">
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="confirm" value="yes" />
                    <button type="submit" className="danger">
                      Delete {file.name}
                    </button>
                  </Form>
                  <Link to={`/config/files/${file.id}`} className="button secondary">
                    Cancel
                  </Link>
                </div>
              </div>
            ) : (
              <Form method="get">
                <input type="hidden" name="delete" value="1" />
                <button type="submit" className="danger">
                  Delete
                </button>
              </Form>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}
