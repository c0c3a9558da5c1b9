// /config/files: the file manager (SPEC 2). Existing Files: the site's files, newest first, searched
// by name, 24 at a time with a "Load More" link (with JavaScript it appends the next files below
// the ones shown; without, it opens the next page); Upload File: a multipart form whose file is
// streamed to disk and checked by its bytes (app/config/files.server.ts). Every member may look;
// uploading needs files.write, checked before the body is read. The site's storage shows as "X of Y used"
// (a site keeps at most FILE_STORAGE_MB of files).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from '@remix-run/react';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { Field, Notice } from '../components/config/Field.js';
import { useCan } from '../components/config/layout-data.js';
import { ACCEPT, extensionOf, FILE_TEXT, formatSize, kindOf, MAX_UPLOAD_BYTES, storageUsedText, uploadDay } from '../utils/file-types.js';
import { listFiles, storageQuotaBytes, storageUsed, uploadFile } from '../config/files.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { isNetworkFailure, UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const url = new URL(args.request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const cursor = url.searchParams.get('cursor');
  const [{ files, next }, used] = await Promise.all([listFiles(a.sql, a.site.id, { q, cursor }), storageUsed(a.sql, a.site.id)]);
  return json(
    {
      files: files.map((f) => ({
        id: f.id,
        name: f.name,
        type: extensionOf(f.name).toUpperCase() || f.contentType,
        size: formatSize(f.sizeBytes),
        dimensions: f.originalSize,
        uploaded: uploadDay(f.createdAt),
        image: kindOf(f.contentType)?.image ?? false,
      })),
      q,
      paged: Boolean(cursor),
      next,
      deleted: url.searchParams.has('deleted'),
      maxSize: formatSize(MAX_UPLOAD_BYTES),
      storage: storageUsedText(used, storageQuotaBytes()),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'files.write');
  const result = await uploadFile(a, args.request);
  if (result.ok) return redirect(`/config/files/${result.file.id}?uploaded=1`, 303);
  return json({ reason: result.reason }, { status: result.status });
}

/** Load More's marker (JavaScript only): its fetch may fail without taking the screen down. */
const MORE = 'more';

/**
 * With JavaScript, an upload whose connection fails mid-way (no answer at all) says so with
 * SPEC 8's texts beside the form, instead of the error page; the server's own answers pass through.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch (e) {
    if (isNetworkFailure(e)) return { incomplete: true as const };
    throw e;
  }
}

/** Likewise a Load More that gets no answer: "Unable to load results", with Try again. */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch (e) {
    if (isNetworkFailure(e) && new URL(request.url).searchParams.has(MORE)) return { loadFailed: true as const };
    throw e;
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['files'][number];

const COLUMNS: ColumnDef<Row, unknown>[] = [
  {
    id: 'preview',
    header: () => <span className="visually-hidden">Preview</span>,
    cell: ({ row }) =>
      row.original.image ? (
        <img className="thumb" src={`/config/files/${row.original.id}/content`} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="thumb badge" aria-hidden="true">
          {row.original.type.slice(0, 4)}
        </span>
      ),
  },
  { id: 'name', header: 'Name', cell: ({ row }) => <Link to={`/config/files/${row.original.id}`}>{row.original.name}</Link> },
  { id: 'type', header: 'Type', cell: ({ row }) => row.original.type },
  { id: 'size', header: 'Size', cell: ({ row }) => row.original.size },
  { id: 'uploaded', header: 'Uploaded', cell: ({ row }) => row.original.uploaded },
];

export default function Files() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof clientAction>();
  const failed = answer && 'reason' in answer ? answer : undefined;
  const canUpload = useCan('files.write');
  const uploading = useNavigation().state === 'submitting';
  // Files appended by Load More (JavaScript): each page the fetcher brings joins the loader's page.
  // Kept in state, updated while rendering when the loader's page or the fetcher's answer is new
  // (React's pattern for state derived from props), so a search starts the list again.
  const fetcher = useFetcher<typeof clientLoader>();
  const [extra, setExtra] = useState({ base: d, seen: fetcher.data as unknown, files: [] as Row[], next: d.next });
  let list = extra;
  if (list.base !== d) list = { base: d, seen: fetcher.data, files: [], next: d.next };
  const fetched = fetcher.state === 'idle' ? fetcher.data : undefined;
  const loadFailed = fetched !== undefined && 'loadFailed' in fetched;
  const page = fetched && 'files' in fetched ? fetched : undefined;
  if (page && page !== list.seen) {
    const known = new Set([...d.files, ...list.files].map((f) => f.id));
    list = { ...list, seen: page, files: [...list.files, ...page.files.filter((f) => !known.has(f.id))], next: page.next };
  }
  if (list !== extra) setExtra(list);
  const shown = { files: list.files.length ? [...d.files, ...list.files] : d.files, next: list.next };
  const more = new URLSearchParams(d.q ? { q: d.q } : {});
  if (shown.next) more.set('cursor', shown.next);
  const loadMore = () => {
    if (fetcher.state === 'idle') fetcher.load(`/config/files?index&${MORE}&${more.toString()}`);
  };
  const appended = list.files.length;
  return (
    <>
      <h1>Files</h1>
      <Notice message={d.deleted ? 'File deleted.' : null} />
      <section className="card" aria-labelledby="upload-h">
        <h2 id="upload-h">Upload File</h2>
        <p className="hint" id="storage-used">
          Storage: {d.storage}.
        </p>
        {failed ? (
          <div className="form-error" role="alert">
            <h3>{FILE_TEXT.uploadTitle}</h3>
            <p>{FILE_TEXT.uploadText}</p>
            <p>{failed.reason}</p>
          </div>
        ) : null}
        {answer && 'incomplete' in answer && !uploading ? (
          <div className="form-error" role="alert">
            <h3>{FILE_TEXT.uploadIncompleteTitle}</h3>
            <p>{FILE_TEXT.uploadIncompleteText}</p>
          </div>
        ) : null}
        {canUpload ? (
          <Form method="post" action="/config/files?index" encType="multipart/form-data">
            <Field
              name="file"
              label="File"
              type="file"
              accept={ACCEPT}
              required
              hint={`Images (PNG, JPEG, GIF, WebP, SVG), PDF, text or CSV, MP3 or MP4; up to ${d.maxSize}.`}
            />
            <button type="submit" disabled={uploading}>
              Upload
            </button>
          </Form>
        ) : (
          <p>Your role on this site does not allow uploading files.</p>
        )}
      </section>
      <section aria-labelledby="existing-h">
        <h2 id="existing-h">Existing Files</h2>
        <Form method="get" action="/config/files" className="toolbar" role="search">
          <Field name="q" label="Search by name" type="search" defaultValue={d.q} />
          <button type="submit" className="secondary">
            Search
          </button>
          {d.q || d.paged ? <Link to="/config/files">Show the newest files</Link> : null}
        </Form>
        <DataTable
          rows={shown.files}
          columns={COLUMNS}
          caption="Existing Files"
          rowKey={(r) => r.id}
          empty={d.q ? `No files have a name containing “${d.q}”.` : d.paged ? 'No more files.' : 'No files yet. Upload one above.'}
        />
        <p role="status" className="visually-hidden">
          {appended > 0 ? `${appended} more files shown.` : ''}
        </p>
        {shown.next ? (
          <p>
            <Link
              to={`/config/files?${more.toString()}`}
              className="button secondary"
              aria-disabled={fetcher.state !== 'idle' || undefined}
              onClick={(e) => {
                // With JavaScript the next files join the list; the link is the way without it.
                e.preventDefault();
                loadMore();
              }}
            >
              Load More
            </Link>
          </p>
        ) : null}
        {loadFailed ? (
          <p className="form-error" role="alert">
            {UI_TEXT.unableToLoadResults}{' '}
            <button type="button" className="secondary" onClick={loadMore}>
              {UI_TEXT.tryAgain}
            </button>
          </p>
        ) : null}
      </section>
    </>
  );
}
