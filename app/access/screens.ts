// The pages shown instead of a locked or member page, when the theme has no template of its own
// for them (lock-screen, protected-content, member-area-access-denied, paywall): rendered inside
// the theme's layout over `access` (see app/storefront/access-page.server.ts). Plain POST forms,
// so everything works without JavaScript.

const frame = (body: string) => `{.section access}
<section class="wrap-narrow account-page access-page" data-access-page="{kind|htmlattr}">
<header class="page-header"><h1>{title|html}</h1>{.if lead}<p class="lede">{lead|html}</p>{.end}</header>
{.if notice}<p class="notice" role="status" data-access-notice>{notice|html}</p>{.end}
${body}
</section>
{.end}`;

/** Lock screen (103): one password field; a wrong password comes back with the error beside it. */
export const LOCK_SCREEN = frame(`
<form method="post" action="/page-access" novalidate data-access-form="unlock">
  <input type="hidden" name="intent" value="unlock">
  <input type="hidden" name="scope" value="{scope|htmlattr}">
  <input type="hidden" name="redirectTo" value="{redirectTo|htmlattr}">
  <div class="field{.if error} has-error{.end}">
    <label for="lock-password">{passwordLabel|html}</label>
    {.if error}<p class="field-error" id="lock-password-error" role="alert" data-access-error>{error|html}</p>{.end}
    <input id="lock-password" name="password" type="password" autocomplete="current-password" required{.if error} aria-invalid="true" aria-describedby="lock-password-error"{.end}>
  </div>
  <p><button type="submit" class="button button-primary">{enterLabel|html}</button></p>
</form>`);

const SIGN_IN_LINKS = `<p class="access-actions"><a class="button button-primary" href="{signInHref|htmlattr}">{signInLabel|html}</a> <a class="button button-ghost" href="{signUpHref|htmlattr}">{signUpLabel|html}</a></p>`;

/** Protected content (105): the page is for signed-in site users. */
export const PROTECTED_CONTENT = frame(SIGN_IN_LINKS);

/** Member area access denied (106): signed in, not a member; a free area is joined with one click. */
export const ACCESS_DENIED = frame(`
{.section area}
<form method="post" action="/page-access" data-access-form="join">
  <input type="hidden" name="intent" value="join">
  <input type="hidden" name="areaId" value="{id|htmlattr}">
  <input type="hidden" name="redirectTo" value="{redirectTo|htmlattr}">
  <p><button type="submit" class="button button-primary">{joinLabel|html}</button></p>
</form>
{.end}`);

/** Paywall (107): the area's price and the subscribe button (signed-in users), else sign in first. */
export const PAYWALL = frame(`
{.section area}
<div class="card access-pricing" data-access-pricing>
  <h2>{name|html}</h2>
  <p class="price" data-access-price>{priceText|html}</p>
  {.if signedIn}
  <form method="post" action="/page-access" data-access-form="subscribe">
    <input type="hidden" name="intent" value="subscribe">
    <input type="hidden" name="areaId" value="{id|htmlattr}">
    <input type="hidden" name="redirectTo" value="{redirectTo|htmlattr}">
    <p><button type="submit" class="button button-primary">{subscribeLabel|html}</button></p>
  </form>
  {.or}
  <p><a class="button button-primary" href="{signInHref|htmlattr}">{signInToSubscribeLabel|html}</a> <a href="{signUpHref|htmlattr}">{signUpLabel|html}</a></p>
  {.end}
</div>
{.end}`);

/** The theme template names of the four pages, and the fallback source of each. */
export const ACCESS_TEMPLATES = {
  'lock-screen': LOCK_SCREEN,
  'protected-content': PROTECTED_CONTENT,
  'member-area-access-denied': ACCESS_DENIED,
  paywall: PAYWALL,
} as const;
