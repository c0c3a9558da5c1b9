// POST /api/site-users/account/locale (SPEC 7): the signed-in site user chooses their language,
// {"language": "fr"} (JSON), one of the site's languages. Needs the session's
// X-SiteUser-XSRF-Token (a stale one: 403 {crumbFail: true}); GET answers the language kept.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { crumbFailed, xsrfMatches } from '../auth/site-user-session.server.js';
import { siteLanguages } from '../languages/settings.server.js';
import { offeredLanguage, setSiteUserLanguage, SITE_USER_LANGUAGE_TEXT, siteUserLanguage } from '../languages/site-user-language.server.js';
import { apiRoute, BAD_BODY, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';
import { signedInUser } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const signed = await signedInUser(request, context);
  if (!signed) return jsonError(401, SITE_USER_LANGUAGE_TEXT.signIn);
  const { id } = await requestSite(request, context);
  return json({ language: await siteUserLanguage(await getSql(), id, signed.user.id) }, { headers: NO_STORE });
});

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST');
  const { id: websiteId } = await requestSite(request, context);
  const signed = await signedInUser(request, context);
  if (!signed) return jsonError(401, SITE_USER_LANGUAGE_TEXT.signIn);
  if (!xsrfMatches(request, signed.session)) return crumbFailed();
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  if (body.language === undefined) return jsonError(400, SITE_USER_LANGUAGE_TEXT.missing);
  const sql = await getSql();
  const langs = await siteLanguages(sql, websiteId);
  const code = offeredLanguage(body.language, langs);
  if (code === null) return jsonError(400, SITE_USER_LANGUAGE_TEXT.notOffered(langs.codes));
  await setSiteUserLanguage(sql, websiteId, signed.user.id, code);
  return json({ language: code }, { headers: NO_STORE });
});
