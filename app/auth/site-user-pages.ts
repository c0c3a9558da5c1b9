// The account pages' templates (sign-in, sign-up, forgot and reset password, /account). No theme
// carries them, so the app supplies them; they render inside the theme's layout with its classes.
// Plain POST forms: errors come back beside their fields with what was typed (never a password).
// Their texts come from the page's localizedStrings when its language has them (issue 16), else
// English, as the store theme's own texts do.

/** A text of these templates: the page language's `localizedStrings[key]`, else `english`. */
const T = (key: string, english: string) => `{.if localizedStrings.${key}}{localizedStrings.${key}|html}{.or}${english}{.end}`;

/** The fields of `account.form.fields`: label, hint, error, then the control. */
const FIELDS = `
{.repeated section fields}
<div class="field{.if error} has-error{.end}">
  <label for="{id|htmlattr}">{label|html}</label>
  {.if hint}<p class="field-hint" id="{id|htmlattr}-hint">{hint|html}</p>{.end}
  {.if error}<p class="field-error" id="{id|htmlattr}-error">{error|html}</p>{.end}
  {.if choices}<select id="{id|htmlattr}" name="{name|htmlattr}"{.if error} aria-invalid="true" aria-describedby="{id|htmlattr}-error"{.end}>
    <option value="">${T('accountChooseText', 'Choose')}</option>
    {.repeated section choices}<option value="{code|htmlattr}"{.if selected} selected{.end}>{name|html}</option>{.end}
  </select>{.or}<input id="{id|htmlattr}" name="{name|htmlattr}" type="{type|htmlattr}" value="{value|htmlattr}"{.if autocomplete} autocomplete="{autocomplete|htmlattr}"{.end}{.if required} required{.end}{.if error} aria-invalid="true" aria-describedby="{id|htmlattr}-error"{.end}{.if hint}{.if error}{.or} aria-describedby="{id|htmlattr}-hint"{.end}{.end}>{.end}
</div>
{.end}`;

const NOTICES = `
{.if notice}<p class="notice" role="status" data-account-notice>{notice|html}</p>{.end}
{.if formError}<p class="notice notice-error" role="alert" data-account-error>{formError|html}</p>{.end}`;

const page = (body: string) => `{.section account}
<section class="wrap-narrow account-page">
${body}
</section>
{.end}`;

export const SIGN_IN_PAGE = page(`
<header class="page-header"><h1>${T('accountSignInTitle', 'Sign in')}</h1></header>
${NOTICES}
<form method="post" action="/account/sign-in" novalidate data-account-form="sign-in">
  <input type="hidden" name="redirectTo" value="{redirectTo|htmlattr}">
  ${FIELDS}
  <div class="field"><input type="checkbox" id="rememberMe" name="rememberMe"{.if rememberMe} checked{.end}> <label for="rememberMe">${T('accountRememberMeLabel', 'Keep me signed in on this device')}</label></div>
  <p><button type="submit" class="button button-primary">${T('accountSignInButton', 'Sign in')}</button></p>
</form>
<p><a href="/account/forgot-password">${T('accountForgotTitle', 'Forgot password?')}</a></p>
<p>${T('accountNewHereText', 'New here?')} <a href="/account/sign-up">${T('accountSignUpTitle', 'Create an account')}</a></p>`);

export const SIGN_UP_PAGE = page(`
<header class="page-header"><h1>${T('accountSignUpTitle', 'Create an account')}</h1></header>
${NOTICES}
<form method="post" action="/account/sign-up" novalidate data-account-form="sign-up">
  <input type="hidden" name="redirectTo" value="{redirectTo|htmlattr}">
  ${FIELDS}
  <p><button type="submit" class="button button-primary">${T('accountSignUpButton', 'Create account')}</button></p>
</form>
<p>${T('accountHaveOneText', 'Already have an account?')} <a href="{signInHref|htmlattr}">${T('accountSignInButton', 'Sign in')}</a></p>`);

export const FORGOT_PAGE = page(`
<header class="page-header"><h1>${T('accountForgotTitle', 'Forgot password?')}</h1></header>
${NOTICES}
<p>${T('accountForgotIntro', 'Enter the email of your account: we will send it a link to set a new password.')}</p>
<form method="post" action="/account/forgot-password" novalidate data-account-form="forgot">
  ${FIELDS}
  <p><button type="submit" class="button button-primary">${T('accountForgotButton', 'Send the link')}</button></p>
</form>
<p><a href="/account/sign-in">${T('accountBackToSignIn', 'Back to sign in')}</a></p>`);

export const RESET_PAGE = page(`
<header class="page-header"><h1>${T('accountResetTitle', 'Set a new password')}</h1></header>
${NOTICES}
{.if live}
<form method="post" action="/account/reset-password" novalidate data-account-form="reset">
  <input type="hidden" name="token" value="{token|htmlattr}">
  ${FIELDS}
  <p><button type="submit" class="button button-primary">${T('accountResetButton', 'Set password')}</button></p>
</form>
{.or}
<p><a href="/account/forgot-password">${T('accountNewLinkText', 'Ask for a new link')}</a></p>
{.end}`);

export const ACCOUNT_PAGE = page(`
<header class="page-header"><h1>${T('accountTitle', 'Your account')}</h1><p class="lede">${T('accountSignedInAsText', 'Signed in as')} {user.name|html} ({user.email|html})</p></header>
${NOTICES}
<form method="post" action="/account/sign-out" data-account-form="sign-out">
  <div class="field"><input type="checkbox" id="cloneCart" name="cloneCart" checked> <label for="cloneCart">${T('accountKeepCartLabel', 'Keep my cart in this browser')}</label></div>
  <p><button type="submit" class="button button-ghost">${T('accountSignOutButton', 'Sign out')}</button></p>
</form>

<section class="section" aria-labelledby="orders-title">
<h2 id="orders-title">${T('accountOrdersTitle', 'Orders')}</h2>
{.if orders}
<table class="order-lines" data-account-orders>
  <thead><tr><th scope="col">${T('accountOrderColumn', 'Order')}</th><th scope="col">${T('accountDateColumn', 'Date')}</th><th scope="col">${T('accountStatusColumn', 'Status')}</th><th scope="col">${T('accountTotalColumn', 'Total')}</th></tr></thead>
  <tbody>
  {.repeated section orders}<tr><td><a href="{href|htmlattr}">#{orderNumber}</a></td><td>{dateText|html}</td><td>{statusText|html}</td><td>{totalText|html}</td></tr>{.end}
  </tbody>
</table>
{.or}<p class="empty">${T('accountNoOrdersText', 'You have not placed an order while signed in yet.')}</p>{.end}
</section>

<section class="section" aria-labelledby="addresses-title">
<h2 id="addresses-title">${T('accountAddressesTitle', 'Addresses')}</h2>
{.repeated section addresses}
<div class="card" data-account-address="{id|htmlattr}">
  <p>{.repeated section lines}{@|html}{.alternates with}<br>{.end}</p>
  <p><a href="/account?edit={id|htmlattr}#address-form">${T('accountEditLink', 'Edit')}</a></p>
  <form method="post" action="/account"><input type="hidden" name="intent" value="remove-address"><input type="hidden" name="addressId" value="{id|htmlattr}"><button type="submit" class="button button-ghost">${T('accountRemoveButton', 'Remove')}</button></form>
</div>
{.or}<p class="empty">${T('accountNoAddressesText', 'No saved addresses.')}</p>
{.end}
{.section addressForm}
<form method="post" action="/account" novalidate id="address-form" data-account-form="address">
  <h3>{title|html}</h3>
  <input type="hidden" name="intent" value="{intent|htmlattr}">
  {.if addressId}<input type="hidden" name="addressId" value="{addressId|htmlattr}">{.end}
  {.if formError}<p class="notice notice-error" role="alert">{formError|html}</p>{.end}
  ${FIELDS}
  <p><button type="submit" class="button button-primary">${T('accountSaveAddressButton', 'Save address')}</button>{.if addressId} <a href="/account#address-form">${T('accountCancelLink', 'Cancel')}</a>{.end}</p>
</form>
{.end}
</section>

<section class="section" aria-labelledby="restock-title">
<h2 id="restock-title">${T('accountRestockTitle', 'Back-in-stock notices')}</h2>
{.if restock}
<table class="order-lines" data-account-restock>
  <thead><tr><th scope="col">${T('accountProductColumn', 'Product')}</th><th scope="col">${T('accountVariantColumn', 'Variant')}</th><th scope="col">${T('accountStatusColumn', 'Status')}</th></tr></thead>
  <tbody>{.repeated section restock}<tr><td>{productName|html}</td><td>{variantName|html}</td><td>{statusText|html}</td></tr>{.end}</tbody>
</table>
{.or}<p class="empty">${T('accountNoRestockText', 'You have not asked to be told when something is back in stock.')}</p>{.end}
</section>

<section class="section" aria-labelledby="newsletter-title">
<h2 id="newsletter-title">${T('accountNewslettersTitle', 'Newsletters')}</h2>
{.repeated section lists}
<form method="post" action="/account" class="account-list" data-account-list="{listId|htmlattr}">
  <input type="hidden" name="listId" value="{listId|htmlattr}">
  <p>{name|html}: {.if subscribed}${T('accountSubscribedText', 'subscribed')}{.or}${T('accountNotSubscribedText', 'not subscribed')}{.end}
  {.if subscribed}<button type="submit" name="intent" value="unsubscribe" class="button button-ghost">${T('accountUnsubscribeButton', 'Unsubscribe')}</button>{.or}<button type="submit" name="intent" value="subscribe" class="button button-ghost">${T('accountSubscribeButton', 'Subscribe')}</button>{.end}</p>
</form>
{.or}<p class="empty">${T('accountNoNewsletterText', 'This store has no newsletter.')}</p>
{.end}
</section>`);

/** One field as the templates read it (every key set, so none is looked up in an outer section). */
export interface FieldView {
  id: string;
  name: string;
  label: string;
  type: string;
  value: string;
  error: string;
  hint: string;
  autocomplete: string;
  required: boolean;
  choices: { code: string; name: string; selected: boolean }[];
}

export function fieldView(
  name: string,
  label: string,
  opts: {
    type?: string;
    value?: string;
    error?: string;
    hint?: string;
    autocomplete?: string;
    required?: boolean;
    choices?: { code: string; name: string }[];
  } = {},
): FieldView {
  return {
    id: `account-${name}`,
    name,
    label,
    type: opts.type ?? 'text',
    value: opts.type === 'password' ? '' : (opts.value ?? ''),
    error: opts.error ?? '',
    hint: opts.hint ?? '',
    autocomplete: opts.autocomplete ?? '',
    required: opts.required ?? true,
    choices: (opts.choices ?? []).map((c) => ({ ...c, selected: c.code === opts.value })),
  };
}
