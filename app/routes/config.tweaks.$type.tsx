// /config/tweaks/$type: the tweak page types of SPEC 2 (splash page, lock screen, popup overlay,
// checkout, style, SSO page), one form each with a live preview (app/components/config/TweakEditor.tsx).
// Any owner of the site may look (site.read); saving needs design.write.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { NavLink, useActionData, useLoaderData } from '@remix-run/react';
import { ConflictNotice } from '../components/config/ConflictNotice.js';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { TweakEditor } from '../components/config/TweakEditor.js';
import { useCan } from '../components/config/layout-data.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { isSiteForm, saveTweak, tweakScreen, tweakVersioned } from '../config/tweaks.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { loadSite } from '../catalog/catalog.server.js';
import { siteStylesheet } from '../storefront/theme-css.server.js';
import { isTweakType, TWEAK_LABELS, TWEAK_SCHEMAS, TWEAK_TEXT, TWEAK_TYPES, type Tweaks, type TweakType } from '../overlays/tweaks.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import stylesheet from '../styles/config-tweaks.css?url';

export const headers = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.label} — Tweaks` : 'Tweaks' }];

function typeOf(params: { type?: string }): TweakType {
  const t = params.type ?? '';
  if (!isTweakType(t)) throw new Response('No such tweak', { status: 404 });
  return t;
}

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const type = typeOf(args.params);
  const [screen, site] = await Promise.all([tweakScreen(a.sql, a.site.id, type), loadSite(a.site.id)]);
  const saved = new URL(args.request.url).searchParams.get('saved');
  return json(
    {
      type,
      label: TWEAK_LABELS[type],
      ...screen,
      // The version the form is drawn at (issue 28): a save over a tweak changed since is a conflict.
      stamp: stampFor(tweakVersioned(a.site.id, type), screen.values),
      stylesheet: siteStylesheet(site)?.href ?? null,
      lang: site.website.locale || 'en',
      notice: saved ? TWEAK_TEXT.saved(TWEAK_LABELS[type]) : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'design.write');
  const type = typeOf(args.params);
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  const versioned = tweakVersioned(a.site.id, type);
  // "Apply only my changes" saves the tweak as it is now with only the owner's fields on top.
  const checked = await checkedSave(a.sql, form, versioned);
  if (checked.kind === 'missing') throw new Response('No such tweak', { status: 404 });
  const post = checked.post;
  const parsed = parseForm(post, TWEAK_SCHEMAS[type]);
  // A refused post shows the form as the owner sent it (`form`), not the merged post that was checked.
  if (parsed.status !== 'success') return json(withConflict(replyTo(parsed, form, { formError: TWEAK_TEXT.invalid })), 400);
  const settings = parsed.value as Tweaks[TweakType];
  if (type === 'popup-overlay' && !(await isSiteForm(a.sql, a.site.id, (settings as Tweaks['popup-overlay']).formId)))
    return json(withConflict(replyTo(parsed, form, { formError: TWEAK_TEXT.invalid, fieldErrors: { formId: TWEAK_TEXT.noForm } })), 400);
  try {
    await saveTweak(a, type, settings, form.get('newVersion') === 'on', checked.guard);
  } catch (e) {
    if (!(e instanceof VersionConflict)) throw e;
    const conflict = await conflictFor(a.sql, form, versioned);
    if (!conflict) throw e;
    return json(withConflict(replyTo(parsed, form), conflict), 409);
  }
  return redirect(`/config/tweaks/${type}?saved=1`, 303);
}

export default function TweakScreen() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const canWrite = useCan('design.write');
  const values = failed?.typed ?? data.values;
  return (
    <>
      <h1>Tweaks: {data.label}</h1>
      <nav aria-label="Tweaks">
        <ul className="tweak-types">
          {TWEAK_TYPES.map((t) => (
            <li key={t}>
              <NavLink to={`/config/tweaks/${t}`} prefetch="none">
                {TWEAK_LABELS[t]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {data.type === 'popup-overlay' ? <p className="hint">Version {data.version} is on the site.</p> : null}
      {data.type === 'lock-screen' ? (
        <p className="hint">The look and texts of the lock screen; which pages are locked is set elsewhere.</p>
      ) : null}
      <Notice message={failed ? null : data.notice} />
      <FormError message={failed?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId="tweak-form" reloadTo={`/config/tweaks/${data.type}`} />
      {!canWrite ? <p className="hint">Your role may look at these settings but not change them.</p> : null}
      <TweakEditor
        key={`${data.type}:${JSON.stringify(values)}`}
        type={data.type}
        values={values}
        style={data.style}
        errors={failed?.errors ?? {}}
        forms={data.forms}
        version={data.version}
        stylesheet={data.stylesheet}
        lang={data.lang}
        canWrite={canWrite}
        // A form drawn again after a refused save keeps the version it was first drawn at.
        stamp={failed?.typed ? stampOfTyped(failed.typed) : data.stamp}
      />
    </>
  );
}
