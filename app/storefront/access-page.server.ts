// Where the access rules (app/access) meet the page pipeline: before a page is rendered, the
// visitor's session (opened locks) and site user (member areas) decide whether they see it; if
// not, the lock screen (103), protected content (105), member area access denied (106) or the
// paywall (107) is rendered instead, with the theme's template of that name or the app's own.
import { redirect } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import type { AccessPageName, Resolved, Site } from '../catalog/catalog.server.js';
import { decide, SITE_SCOPE, type Decision, type MemberArea, type SiteAccess, type Visitor } from '../access/rules.js';
import { ACCESS_TEMPLATES } from '../access/screens.js';
import { memberAreasOf, siteAccess } from '../access/store.server.js';
import { ACCESS_TEXT } from '../access/texts.js';
import { unlock } from '../access/unlock.server.js';
import { areaOf, joinFreeArea } from '../access/membership.server.js';
import { ownerMayPreview } from '../access/owner-preview.server.js';
import { currentSiteUser } from '../auth/site-user-session.server.js';
import { cartStore, subscribe } from '../commerce/cart.server.js';
import { subscriptionPriceText } from './subscription-price.server.js';
import { shopperSession } from '../utils/session.server.js';
import { readFlash, redirectLeavingFlash, redirectWithFlash, setFlash } from '../utils/flash.server.js';
import { siteTweaks } from '../overlays/tweak-store.server.js';
import { LockScreenTweak } from '../overlays/tweaks.js';
import type { Json } from './template-context.js';
import { textFrom } from '../languages/strings.js';
import { pageStrings } from './request-language.server.js';
import { messageIn } from './shop-messages.server.js';

/** What the pipeline shows instead of the page (the fields of its PagePlan). */
export interface AccessPlan {
  resolved: Resolved;
  template: AccessPageName;
  pageTemplate?: { name: string; source: string };
  status: number;
  private: true;
  retryAfterS?: number;
  extras: { commercePage: { title: string; data: { access: Json } } };
}

export type Guard = { kind: 'open'; restricted: boolean } | { kind: 'replace'; plan: AccessPlan };

/** The collection whose rule governs a resolved page (null: search, cart, not-found...). */
export function collectionOf(resolved: Resolved): string | null {
  return 'collection' in resolved && resolved.collection ? resolved.collection.id : null;
}

/** "$25.00 every month for 12 months": a paid area's price, its subscription product's ('' when none). */
export async function areaPriceText(websiteId: string, area: MemberArea, currency: string): Promise<string> {
  if (!area.paid || !area.itemId) return '';
  const product = await (await cartStore(websiteId)).subscribableProduct(area.itemId);
  return product ? subscriptionPriceText(product, currency) : '';
}

async function visitorOf(request: Request, websiteId: string, needsUser: boolean): Promise<Visitor> {
  const unlocked = new Set((await shopperSession(request)).unlocked);
  if (!needsUser) return { unlocked, user: null };
  const sql = await getSql();
  const signed = await currentSiteUser(sql, request, websiteId);
  return { unlocked, user: signed ? { id: signed.user.id, areas: await memberAreasOf(sql, signed.user.id) } : null };
}

/** The page the visitor gets instead, for a decision that is not "open". */
async function screenFor(
  request: Request,
  site: Site,
  url: URL,
  d: Exclude<Decision, { kind: 'open' }>,
  signedIn: boolean,
): Promise<AccessPlan> {
  const redirectTo = url.pathname + url.search;
  const back = encodeURIComponent(redirectTo);
  // The screens' texts in the page's language (the site is dressed for it), English as written here.
  const strings = pageStrings(site);
  const links = {
    signInHref: `/account/sign-in?redirectTo=${back}`,
    signUpHref: `/account/sign-up?redirectTo=${back}`,
    signInLabel: textFrom(strings, 'accessSignInLabel', ACCESS_TEXT.signIn),
    signUpLabel: textFrom(strings, 'accessSignUpLabel', ACCESS_TEXT.signUp),
  };
  let template: AccessPageName;
  let access: Json;
  let status = 403;
  let retryAfterS: number | undefined;
  // A member area's texts name it (`{area}`).
  const area = { area: 'area' in d ? (d.area?.name ?? '') : '' };
  switch (d.kind) {
    case 'locked': {
      const mine = await readFlash(request, 'access', (f) => f.scope === d.scope);
      // The owner's words from the lock screen tweak (/config/tweaks/lock-screen, app/overlays);
      // its title speaks of the site, so a page's lock keeps its own.
      const tweak = (await siteTweaks(site.website.id))['lock-screen'];
      template = 'lock-screen';
      access = lockAccess(tweak, d.scope, redirectTo, messageIn(strings, mine?.error ?? ''), strings);
      if (mine?.retryAfterS) {
        status = 429;
        retryAfterS = mine.retryAfterS;
      }
      break;
    }
    case 'sign-in':
      template = 'protected-content';
      access = {
        kind: 'sign-in',
        title: textFrom(strings, 'accessSignInTitle', ACCESS_TEXT.signInTitle),
        lead: d.area
          ? textFrom(strings, 'accessAreaSignInLead', ACCESS_TEXT.areaSignInLead('{area}'), { area: d.area.name })
          : textFrom(strings, 'accessSignInLead', ACCESS_TEXT.signInLead),
        redirectTo,
        ...links,
      };
      break;
    case 'denied':
      template = 'member-area-access-denied';
      access = {
        kind: 'denied',
        title: textFrom(strings, 'accessDeniedTitle', ACCESS_TEXT.deniedTitle),
        lead: textFrom(strings, 'accessDeniedLead', ACCESS_TEXT.deniedLead('{area}'), area),
        redirectTo,
        area: { id: d.area.id, name: d.area.name },
        joinLabel: textFrom(strings, 'accessJoinLabel', ACCESS_TEXT.join('{area}'), area),
        ...links,
      };
      break;
    case 'paywall':
      template = 'paywall';
      access = {
        kind: 'paywall',
        title: textFrom(strings, 'accessPaywallTitle', ACCESS_TEXT.paywallTitle('{area}'), area),
        lead: textFrom(strings, 'accessPaywallLead', ACCESS_TEXT.paywallLead('{area}'), area),
        redirectTo,
        signedIn,
        area: {
          id: d.area.id,
          name: d.area.name,
          priceText:
            (await areaPriceText(site.website.id, d.area, site.website.currency)) ||
            textFrom(strings, 'accessNotAvailableText', ACCESS_TEXT.notAvailable),
        },
        subscribeLabel: textFrom(strings, 'accessSubscribeLabel', ACCESS_TEXT.subscribe),
        signInToSubscribeLabel: textFrom(strings, 'accessSignInToSubscribeLabel', ACCESS_TEXT.signInToSubscribe),
        ...links,
      };
      break;
  }
  return accessPlan(site, template, access, status, retryAfterS);
}

/** The lock screen tweak's own words, which the page's language says in its own (an owner's stay as written). */
const LOCK_DEFAULTS = LockScreenTweak.parse({});

/**
 * What the lock screen shows: the owner's words; its title speaks of the site, so a page's lock
 * keeps its own. `strings`: the page's language's texts, for the words the owner left as they were.
 */
function lockAccess(tweak: LockScreenTweak, scope: string, redirectTo: string, error: string, strings: Record<string, unknown> = {}): Json {
  const say = (key: keyof LockScreenTweak, textKey: string) =>
    tweak[key] === LOCK_DEFAULTS[key] ? textFrom(strings, textKey, tweak[key]) : tweak[key];
  return {
    kind: 'lock',
    title: scope === 'site' ? say('title', 'accessSiteLockTitle') : textFrom(strings, 'accessLockTitle', ACCESS_TEXT.lockTitle),
    lead: say('text', 'accessLockLead'),
    scope,
    redirectTo,
    error,
    passwordLabel: say('passwordLabel', 'accessPasswordLabel'),
    enterLabel: say('buttonLabel', 'accessUnlockLabel'),
  };
}

function accessPlan(site: Site, template: AccessPageName, access: Json, status: number, retryAfterS?: number): AccessPlan {
  const title = String(access.title);
  return {
    resolved: { kind: 'commerce', page: template },
    template,
    // The theme's own template of that name wins (an owner may style the lock screen).
    pageTemplate: template in site.templates.pages ? undefined : { name: template, source: ACCESS_TEMPLATES[template] },
    status,
    private: true,
    retryAfterS,
    extras: { commercePage: { title, data: { access } } },
  };
}

/**
 * The lock screen as a locked page of `site` shows it, for the tweak screen's preview of (unsaved)
 * settings: the site's own lock when it has one (the owner's title, as on the home page), else a
 * locked page's (its own title). Status 200: the preview is a picture of the screen, not a refusal.
 */
export async function lockScreenPreviewPlan(site: Site, tweak: LockScreenTweak): Promise<AccessPlan> {
  const access = await siteAccess(site.website.id);
  const locked = Object.entries(access.pages).find(([, rule]) => rule.kind === 'password')?.[0];
  if (access.siteLock !== null || locked === undefined) return accessPlan(site, 'lock-screen', lockAccess(tweak, SITE_SCOPE, '/', ''), 200);
  const [page] = await (await getSql())<{ url_id: string }[]>`
    select url_id from collection where id = ${locked} and website_id = ${site.website.id}`;
  return accessPlan(site, 'lock-screen', lockAccess(tweak, locked, page ? `/${page.url_id}` : '/', ''), 200);
}

/** What the rules say to this visitor of the page of `collectionId` (null: no page of its own). */
type Verdict = { kind: 'open'; restricted: boolean } | { kind: 'shut'; decision: Exclude<Decision, { kind: 'open' }>; signedIn: boolean };

async function verdictFor(request: Request, websiteId: string, access: SiteAccess, collectionId: string | null): Promise<Verdict> {
  if (access.siteLock === null && (collectionId === null || !(collectionId in access.pages))) return { kind: 'open', restricted: false };
  const rule = collectionId === null ? undefined : access.pages[collectionId];
  const visitor = await visitorOf(request, websiteId, rule !== undefined && rule.kind !== 'password');
  const d = decide(access, collectionId, visitor);
  if (d.kind === 'open') return d;
  // The site's owners see what they edit (still private, never shared).
  if (await ownerMayPreview(await getSql(), request, websiteId)) return { kind: 'open', restricted: true };
  return { kind: 'shut', decision: d, signedIn: visitor.user !== null };
}

/** Whether the visitor may see the page `resolved` of `site`, and what they get if not. */
export async function guardPage(request: Request, site: Site, url: URL, resolved: Resolved): Promise<Guard> {
  const v = await verdictFor(request, site.website.id, await siteAccess(site.website.id), collectionOf(resolved));
  if (v.kind === 'open') return v;
  return { kind: 'replace', plan: await screenFor(request, site, url, v.decision, v.signedIn) };
}

/**
 * Whether the visitor may put item `itemId` in a cart: not when the site is locked, or the item's
 * page (its product listing) is one the visitor may not see. The cart's routes ask this first, so
 * the cart API is no way round a lock or a member area (it would show the price, and sell).
 */
export async function mayBuyItem(request: Request, websiteId: string, itemId: string): Promise<boolean> {
  const access = await siteAccess(websiteId);
  // A site without rules (most) costs no look-up of the item.
  if (access.siteLock === null && Object.keys(access.pages).length === 0) return true;
  const [item] = await (await getSql())<{ collection_id: string }[]>`
    select i.collection_id from item i join collection c on c.id = i.collection_id where i.id = ${itemId} and c.website_id = ${websiteId}`;
  return (await verdictFor(request, websiteId, access, item?.collection_id ?? null)).kind === 'open';
}

export type AccessPost =
  | { intent: 'unlock'; scope: string; password?: string; redirectTo: string }
  | { intent: 'join'; areaId: string; redirectTo: string }
  | { intent: 'subscribe'; areaId: string; redirectTo: string };

const visitorAddress = (request: Request) => request.headers.get('x-storefront-client-address') || 'unknown';

/** The forms of the access pages (POST /page-access); always a 303, carrying the session (an opened lock, a flash). */
export async function accessAction(request: Request, websiteId: string, post: AccessPost): Promise<Response> {
  const sql = await getSql();
  if (post.intent === 'unlock') {
    const password = post.password ?? '';
    if (password === '') {
      return redirectLeavingFlash(request, post.redirectTo, 'access', { scope: post.scope, error: ACCESS_TEXT.passwordBlank });
    }
    const r = await unlock(sql, request, websiteId, { scope: post.scope, password, visitor: visitorAddress(request) });
    if (!r.ok) setFlash(await shopperSession(request), 'access', { scope: post.scope, error: r.error, retryAfterS: r.retryAfterS });
    return redirectWithFlash(request, post.redirectTo);
  }
  const signed = await currentSiteUser(sql, request, websiteId);
  if (!signed) return redirect(`/account/sign-in?redirectTo=${encodeURIComponent(post.redirectTo)}`, 303);
  if (post.intent === 'join') {
    await joinFreeArea(sql, websiteId, post.areaId, signed.user.id);
    return redirectWithFlash(request, post.redirectTo);
  }
  return subscribeToArea(request, websiteId, post.areaId, post.redirectTo);
}

/**
 * A paid area: its subscription product goes into a subscription cart, checked out as any other
 * (test mode); placing the order makes the signed-in buyer a member (app/access/membership.server.ts).
 */
async function subscribeToArea(request: Request, websiteId: string, areaId: string, redirectTo: string): Promise<Response> {
  const area = await areaOf(await getSql(), websiteId, areaId);
  if (!area || !area.paid || !area.itemId) return redirectWithFlash(request, redirectTo);
  const r = await subscribe(websiteId, { itemId: area.itemId, quantity: 1 });
  if (!r.ok) return redirectWithFlash(request, redirectTo);
  // The subscription cart checks out on its own: its id travels in the session, beside the cart's.
  (await shopperSession(request)).setSubscriptionCartId(r.cartId);
  return redirectWithFlash(request, '/checkout?subscription=1');
}
