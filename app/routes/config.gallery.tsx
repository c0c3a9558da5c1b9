// /config/gallery: the site's gallery pictures in order (move up or down, remove) and a form that
// adds one, an image chosen from the file manager with a title and a description. Plain forms:
// works without JavaScript. app/config/gallery.server.ts does the work.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { Submission } from '@conform-to/react';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormError, Notice, SelectField, TextAreaField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import {
  addPicture,
  canChangeGallery,
  galleryScreen,
  GalleryError,
  movePicture,
  PictureForm,
  removePicture,
} from '../config/gallery.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Gallery' }];

const NOTICES: Record<string, string> = { added: 'Picture added.', removed: 'Picture removed.', moved: 'Order saved.' };

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const url = new URL(args.request.url);
  const notice = Object.keys(NOTICES).find((k) => url.searchParams.has(k));
  return json(
    { ...(await galleryScreen(a.sql, a.site.id)), canWrite: canChangeGallery(a), notice: notice ? NOTICES[notice] : null },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), 400);
  const intent = form.get('intent');
  // The add form's check, once made: a refusal after it answers with its reply.
  let submission: Submission<unknown> | null = null;
  try {
    if (intent === 'remove') {
      await removePicture(a, form.get('id') ?? '');
      return redirect('/config/gallery?removed=1', 303);
    }
    if (intent === 'up' || intent === 'down') {
      await movePicture(a, form.get('id') ?? '', intent);
      return redirect('/config/gallery?moved=1', 303);
    }
    const parsed = parseForm(form, PictureForm);
    submission = parsed;
    if (parsed.status !== 'success') return json(replyTo(parsed, form, { formError: UI_TEXT.invalidForm }), 400);
    await addPicture(a, parsed.value);
    return redirect('/config/gallery?added=1', 303);
  } catch (e) {
    if (!(e instanceof GalleryError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const fieldErrors = e.field ? { [e.field]: e.message } : {};
    const reply = submission
      ? replyTo(submission, form, { formError: e.message, fieldErrors })
      : refusedReply(e.message, form, fieldErrors);
    return json(reply, e.status === 403 ? 403 : 400);
  }
}

export default function Gallery() {
  const d = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const t = failed?.typed;
  return (
    <>
      <h1>Gallery</h1>
      <Notice message={d.notice} />
      <FormError message={failed?.formError} />
      {d.path ? (
        <p>
          <a href={d.path} target="_blank" rel="noreferrer">
            View {d.path}
          </a>
        </p>
      ) : null}
      {d.pictures.length === 0 ? <p className="empty">This site&apos;s gallery has no pictures yet.</p> : null}
      <ol className="gallery-admin">
        {d.pictures.map((p, i) => (
          <li key={p.id}>
            {p.assetUrl ? <img src={p.assetUrl} alt="" width={96} height={96} loading="lazy" /> : null}
            <span>
              <strong>{p.title}</strong> {p.description}
            </span>
            {d.canWrite ? (
              <span className="row-actions">
                {(['up', 'down'] as const).map((dir) => (
                  <Form method="post" key={dir}>
                    <input type="hidden" name="intent" value={dir} />
                    <input type="hidden" name="id" value={p.id} />
                    <button
                      type="submit"
                      className="secondary"
                      aria-label={`Move ${p.title} ${dir}`}
                      disabled={dir === 'up' ? i === 0 : i === d.pictures.length - 1}
                    >
                      {dir === 'up' ? 'Move up' : 'Move down'}
                    </button>
                  </Form>
                ))}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={p.id} />
                  <button type="submit" className="danger" aria-label={`Remove ${p.title}`}>
                    Remove
                  </button>
                </Form>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {d.canWrite ? (
        <section className="card" aria-labelledby="add-h">
          <h2 id="add-h">Add a picture</h2>
          {d.images.length === 0 ? (
            <p>
              Upload an image in the <Link to="/config/files">file manager</Link> first.
            </p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="add" />
              <SelectField
                name="fileId"
                label="Image"
                options={[{ value: '', label: 'Choose an image' }, ...d.images]}
                defaultValue={t?.fileId ?? ''}
                error={failed?.errors.fileId}
                hint="The newest images of the file manager."
              />
              <Field name="title" label="Title" required maxLength={200} defaultValue={t?.title ?? ''} error={failed?.errors.title} />
              <TextAreaField
                name="description"
                label="Description"
                rows={2}
                maxLength={1000}
                defaultValue={t?.description ?? ''}
                error={failed?.errors.description}
              />
              <button type="submit">Add picture</button>
            </Form>
          )}
        </section>
      ) : null}
    </>
  );
}
