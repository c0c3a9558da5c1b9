// /config/site: the site itself. Your sites (switch, or create one), whether visitors see this one,
// its domains (custom domains route once verified), and deleting it after typing its name.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { forbidden } from '../auth/permissions.server.js';
import { ownerSessionStorage } from '../auth/owner-session.server.js';
import { can, ROLE_NAMES } from '../auth/roles.js';
import { Field, FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import {
  addDomain,
  dropDomain,
  makePrimary,
  publishSite,
  removeSite,
  siteDomains,
  verifyDomain,
  VERIFICATION_PATH,
} from '../config/sites.server.js';
import { DomainError } from '../sites/domains.server.js';
import { SiteError } from '../sites/manage.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers: HeadersFunction = ownerPageHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const domains = await siteDomains(a);
  return json({
    site: a.site,
    domains,
    verificationPath: VERIFICATION_PATH,
    sites: a.memberships.map((m) => ({ id: m.websiteId, title: m.title, role: ROLE_NAMES[m.roleId], current: m.websiteId === a.site.id })),
    canManage: a.can('site.manage'),
    // Any of the owner's sites may give it (the matrix, ADR 0010).
    canCreate: a.memberships.some((m) => can(m.roleId, 'site.create')),
    canDelete: a.can('site.delete'),
    created: new URL(args.request.url).searchParams.get('created') === '1',
  });
}

const Schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('publish') }),
  z.object({ intent: z.literal('unpublish') }),
  z.object({ intent: z.literal('add-domain'), host: z.string({ required_error: 'Enter a domain name.' }) }),
  z.object({ intent: z.literal('verify-domain'), host: z.string() }),
  z.object({ intent: z.literal('primary-domain'), host: z.string() }),
  z.object({ intent: z.literal('remove-domain'), host: z.string() }),
  z.object({ intent: z.literal('delete'), confirmName: z.string({ required_error: 'Type the site name to delete it.' }) }),
]);

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'site.manage');
  const form = await readForm(args.request);
  if (form?.get('intent') === 'delete' && !a.can('site.delete')) throw forbidden();
  if (!form) return json(refusedReply(), { status: 400 });
  const submission = parseForm(form, Schema);
  if (submission.status !== 'success') {
    return json(replyTo(submission, form, { formError: UI_TEXT.invalidForm }), { status: 400 });
  }
  const v = submission.value;
  try {
    switch (v.intent) {
      case 'publish':
      case 'unpublish':
        await publishSite(a, v.intent === 'publish');
        return json({ notice: v.intent === 'publish' ? 'The site is published.' : 'The site is unpublished: visitors see a notice.' });
      case 'add-domain': {
        const r = await addDomain(a, v.host);
        return json({ notice: `${r.host} added. Serve the token shown below at ${VERIFICATION_PATH} on it, then verify.` });
      }
      case 'verify-domain':
        await verifyDomain(a, v.host);
        return json({ notice: `${v.host} is verified.` });
      case 'primary-domain':
        await makePrimary(a, v.host);
        return json({ notice: `${v.host} is the primary domain.` });
      case 'remove-domain':
        await dropDomain(a, v.host);
        return json({ notice: `${v.host} removed.` });
      case 'delete': {
        await removeSite(a, v.confirmName);
        a.session.unset('siteId');
        return redirect('/config/site?deleted=1', {
          status: 303,
          headers: { 'Set-Cookie': await ownerSessionStorage(a.sql).commitSession(a.session) },
        });
      }
    }
  } catch (e) {
    if (e instanceof DomainError || e instanceof SiteError) {
      // The message is the form's and the field's: the domain, or the site name typed to delete.
      const field = v.intent === 'delete' ? 'confirmName' : 'host';
      return json(replyTo(submission, form, { formError: e.message, fieldErrors: { [field]: e.message } }), {
        status: e.status === 404 ? 404 : 400,
      });
    }
    throw e;
  }
}

export default function SiteScreen() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  // A done change answers its notice; a refused one Conform's reply.
  const done = r && 'notice' in r ? r : null;
  const failed = readReply(r && !('notice' in r) ? r : null);
  return (
    <>
      <h1>Site and domains</h1>
      <Notice message={done ? done.notice : d.created ? 'Your new site is ready.' : null} />
      <FormError message={failed?.formError} />
      <section className="card" aria-labelledby="sites-h">
        <h2 id="sites-h">Your sites</h2>
        <ul>
          {d.sites.map((s) => (
            <li key={s.id}>
              {s.current ? (
                <strong>{`${s.title} (editing)`}</strong>
              ) : (
                <Form method="post" action="/config/switch-site" style={{ display: 'inline' }}>
                  <input type="hidden" name="siteId" value={s.id} />
                  <button type="submit" className="link">
                    Edit {s.title}
                  </button>
                </Form>
              )}{' '}
              <span className="badge">{s.role}</span>
            </li>
          ))}
        </ul>
        {d.canCreate ? (
          <Link to="/config/sites/new" className="button secondary">
            Create a site
          </Link>
        ) : null}
      </section>
      <section className="card" aria-labelledby="publish-h">
        <h2 id="publish-h">Visibility</h2>
        <p>{d.site.published ? 'Visitors can see this site.' : 'This site is not published: visitors see a notice.'}</p>
        {d.canManage ? (
          <Form method="post">
            <input type="hidden" name="intent" value={d.site.published ? 'unpublish' : 'publish'} />
            <button type="submit" className="secondary">
              {d.site.published ? 'Unpublish the site' : 'Publish the site'}
            </button>
          </Form>
        ) : null}
      </section>
      <section className="card" aria-labelledby="domains-h">
        <h2 id="domains-h">Domains</h2>
        <table className="data">
          <caption className="visually-hidden">Domains of this site</caption>
          <thead>
            <tr>
              <th scope="col">Domain</th>
              <th scope="col">Kind</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {d.domains.map((dm) => (
              <tr key={dm.host}>
                <td>
                  {dm.host} {dm.isPrimary ? <span className="badge ok">Primary</span> : null}
                </td>
                <td>{dm.kind}</td>
                <td>
                  {dm.verified ? (
                    'Routes here'
                  ) : (
                    <>
                      Not verified: serve <code>{dm.verificationToken}</code> at <code>{d.verificationPath}</code>
                      {dm.claimExpires ? ` by ${dm.claimExpires}, when the claim lapses` : null}
                    </>
                  )}
                </td>
                <td className="row-actions">
                  {d.canManage && dm.kind === 'custom' && !dm.verified ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="verify-domain" />
                      <input type="hidden" name="host" value={dm.host} />
                      <button type="submit" className="secondary">
                        Verify {dm.host}
                      </button>
                    </Form>
                  ) : null}
                  {d.canManage && dm.verified && !dm.isPrimary ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="primary-domain" />
                      <input type="hidden" name="host" value={dm.host} />
                      <button type="submit" className="secondary">
                        Make {dm.host} primary
                      </button>
                    </Form>
                  ) : null}
                  {d.canManage && dm.kind === 'custom' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-domain" />
                      <input type="hidden" name="host" value={dm.host} />
                      <button type="submit" className="danger">
                        Remove {dm.host}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {d.canManage ? (
          <Form method="post">
            <input type="hidden" name="intent" value="add-domain" />
            <Field
              name="host"
              label="Add a custom domain"
              placeholder="shop.example.com"
              defaultValue={failed?.typed?.intent === 'add-domain' ? failed.typed.host : ''}
              error={failed?.typed?.intent === 'add-domain' ? failed.errors.host : null}
            />
            <button type="submit">Add domain</button>
          </Form>
        ) : null}
      </section>
      {d.canDelete ? (
        <section className="card" aria-labelledby="delete-h">
          <h2 id="delete-h">Delete this site</h2>
          <p>Deleting the site removes its pages, products, orders and files. This can&apos;t be undone.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <Field
              name="confirmName"
              label={`Type the site name, ${d.site.title}, to confirm`}
              autoComplete="off"
              error={failed?.errors.confirmName}
            />
            <button type="submit" className="danger">
              Delete site
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
