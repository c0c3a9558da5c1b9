// POST /api/widget/UpdateNavigation (SPEC 7, payload of SPEC 3): replaces one of the site's menus,
// {"fieldName": "mainNavigation", "templateId": "...", "navigation": {"items": [{"collectionId": "..."},
// {"title": "Blog", "externalLink": "https://...", "items": [...]}]}}, saved by the navigation
// editor's own rules (app/config/navigation.server.ts). An optional "version" (from a previous answer)
// refuses a save over a menu changed since. For the owner's session or an API key with pages.write.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { accessSiteId, requireApiAccess } from '../auth/permissions.server.js';
import { linkTargets, MENU_CHANGED, NO_MAIN_NAVIGATION, rowsOfPayload, saveMenu, type PayloadLink } from '../config/navigation.server.js';
import { MENU_NAMES } from '../catalog/menus.server.js';
import { apiRoute, BAD_BODY, jsonAnswer, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';

const UPDATE_NAVIGATION_TEXT = {
  fieldName: `fieldName must be one of ${MENU_NAMES.join(', ')}.`,
  noFooter: 'Unable to find site footer navigation',
  items: 'navigation.items must be a list of links, each with a collectionId or an externalLink.',
};

const Link: z.ZodType<PayloadLink> = z.lazy(() =>
  z.object({
    title: z.string().max(100).optional(),
    collectionId: z.string().max(200).nullish(),
    externalLink: z.string().max(2000).nullish(),
    // Member areas do not exist on this platform: the field is taken and ignored.
    memberAreaId: z.string().max(200).nullish(),
    items: z.array(Link).max(100).optional(),
  }),
);

const Payload = z.object({
  fieldName: z.enum(MENU_NAMES, { errorMap: () => ({ message: UPDATE_NAVIGATION_TEXT.fieldName }) }),
  templateId: z.string().max(200).optional(),
  version: z.string().max(64).default(''),
  navigation: z.object({ items: z.array(Link).max(100) }, { errorMap: () => ({ message: UPDATE_NAVIGATION_TEXT.items }) }),
});

export const loader = apiRoute(async (_: LoaderFunctionArgs) => methodNotAllowed('POST'));

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const a = await requireApiAccess(request, 'pages.write');
  const body = await readBody(request);
  if (body === null) return jsonError(400, BAD_BODY);
  const parsed = Payload.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue.path[0];
    const error =
      at === 'fieldName'
        ? UPDATE_NAVIGATION_TEXT.fieldName
        : at === 'navigation'
          ? UPDATE_NAVIGATION_TEXT.items
          : `${String(at)}: ${issue.message}`;
    return jsonError(400, error);
  }
  const { fieldName, navigation, version } = parsed.data;
  const rows = rowsOfPayload(navigation.items, await linkTargets(a.sql, accessSiteId(a)));
  const saved = await saveMenu(a, fieldName, rows, version, { mustExist: true });
  if (saved.ok) return jsonAnswer({ fieldName, links: saved.links, version: saved.version });
  // SPEC 5: a site without the menu is refused, as adding a store's link to it is (a conflict).
  if ('missing' in saved) return jsonError(409, fieldName === 'mainNavigation' ? NO_MAIN_NAVIGATION : UPDATE_NAVIGATION_TEXT.noFooter);
  if ('changed' in saved) return jsonAnswer({ error: MENU_CHANGED, version: saved.version }, { status: 409 });
  return jsonAnswer({ error: Object.values(saved.errors)[0], errors: saved.errors }, { status: 400 });
});
