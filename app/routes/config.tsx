// /config: the owner area's layout. Every screen inside it is for the site being edited, with the
// owner's role there: navigation (the screens the role may open), the owner, the site's name, a link
// to the live site, the site switcher and sign-out. Signed-out visitors are sent to sign in.
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { ROLE_NAMES } from '../auth/roles.js';
import { ConfigNav } from '../components/config/ConfigNav.js';
import { useConfigLayout, type ConfigLayoutData } from '../components/config/layout-data.js';
import { CONFIG_NAV } from '../config/nav.js';
import { ownerAccess } from '../config/route-access.server.js';
import stylesheet from '../styles/config.css?url';
import { ownerPageHeaders } from '../config/http.js';

export const headers: HeadersFunction = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: MetaFunction = () => [{ title: 'Site settings' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  return json(
    {
      owner: { email: a.owner.email, name: a.owner.name },
      site: a.site,
      roleName: ROLE_NAMES[a.roleId],
      permissions: a.permissions,
      sites: a.memberships.map((m) => ({ id: m.websiteId, title: m.title })),
      nav: CONFIG_NAV.filter((n) => a.can(n.permission)).map((n) => ({ to: n.to, label: n.label })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

function Shell({ data, children }: { data: ConfigLayoutData | undefined; children: React.ReactNode }) {
  return (
    <div className="config-app">
      <header className="config-top">
        <span className="site-name">{data?.site.title ?? 'Site settings'}</span>
        {data ? (
          <>
            <a href={data.site.baseUrl || '/'} target="_blank" rel="noreferrer">
              View live site
            </a>
            {data.sites.length > 1 ? (
              <Form method="post" action="/config/switch-site">
                <label htmlFor="switch-site" className="visually-hidden">
                  Site
                </label>
                <select id="switch-site" name="siteId" defaultValue={data.site.id}>
                  {data.sites.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </select>
                <button type="submit" className="secondary">
                  Switch site
                </button>
              </Form>
            ) : null}
            <span>
              {data.owner.email} <span className="badge">{data.roleName}</span>
            </span>
            <Form method="post" action="/config/sign-out">
              <button type="submit" className="secondary">
                Sign out
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <div className="config-body">
        <ConfigNav nav={data?.nav ?? []} />
        <main className="config-main">{children}</main>
      </div>
    </div>
  );
}

export default function ConfigLayout() {
  const data = useLoaderData<typeof loader>() as ConfigLayoutData;
  return (
    <Shell data={data}>
      <Outlet />
    </Shell>
  );
}

/** A refused or missing screen inside the layout (403, 404), or an error in one. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useConfigLayout();
  let title = 'Something went wrong';
  let text = 'Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    const said = (error.data as { error?: unknown } | null)?.error;
    if (error.status === 403) {
      title = 'Not allowed';
      text = typeof said === 'string' ? said : 'Your role on this site does not allow this.';
    } else if (error.status === 404) {
      title = 'Not found';
      text = typeof said === 'string' ? said : 'There is nothing at this address in your site settings.';
    } else if (typeof said === 'string') text = said;
  }
  return (
    <Shell data={data}>
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>{data ? <Link to="/config">Go to the dashboard</Link> : <Link to="/config/sites/new">Create a site</Link>}</p>
    </Shell>
  );
}
