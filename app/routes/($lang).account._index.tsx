// /account: the signed-in shopper's account: orders placed while signed in (each linked to its
// page), saved addresses (add, edit, remove, with the checkout's address rules), back-in-stock
// sign-ups and newsletter subscriptions. Not signed in: a 303 to the sign-in page. /fr/account is
// the same page in another language of the site, its answers under /fr.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { getSql } from '../../db/client.server.js';
import { addAddress, addressesOf, ordersOf, removeAddress, restockSignupsOf, updateAddress } from '../auth/site-user-account.server.js';
import { readFlash, redirectLeavingFlash, type AccountFlash } from '../utils/flash.server.js';
import { ACCOUNT_PAGE, fieldView } from '../auth/site-user-pages.js';
import { addressLabels, addressLines, checkAddress, COUNTRIES, countryName, type Address } from '../commerce/address.js';
import { countriesIn, countryNameIn } from '../languages/country-names.js';
import { formatMoney } from '../commerce/money.js';
import { signedOrderPath } from '../commerce/order-link.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { subscribe, subscriptionsOf, unsubscribe } from '../forms/mailing-list.server.js';
import { forwardHeaders } from '../storefront/http.server.js';
import { accountPage, signedInUser } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';
import { requestLanguage, servesLanguage, type RequestLanguage } from '../storefront/request-language.server.js';
import { messageIn, messagesIn, UNREADABLE } from '../storefront/shop-messages.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

const ADDRESS_KEYS = ['name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;

/** The sign-in page in the page's language, coming back to the account after. */
const signInFor = (lang: RequestLanguage) => lang.to(`/account/sign-in?redirectTo=${encodeURIComponent(lang.to('/account'))}`);

/** The label of a region or postal code as addressLabels writes it, in the page's language. */
const ADDRESS_LABEL_KEYS: Record<string, string> = {
  State: 'addressStateLabel',
  'ZIP code': 'addressZipLabel',
  Province: 'addressProvinceLabel',
  'Postal code': 'addressPostalCodeLabel',
  County: 'addressCountyLabel',
  Postcode: 'addressPostcodeLabel',
  'State / province / region': 'addressRegionLabel',
};

function addressFields(values: Record<string, string>, errors: Record<string, string>, lang: RequestLanguage, locale: string) {
  const english = addressLabels(values.country ?? '');
  const labels = {
    region: lang.t(ADDRESS_LABEL_KEYS[english.region] ?? '', english.region),
    postalCode: lang.t(ADDRESS_LABEL_KEYS[english.postalCode] ?? '', english.postalCode),
  };
  return [
    fieldView('name', lang.t('checkoutNameLabel', 'Full name'), { value: values.name, error: errors.name, autocomplete: 'name' }),
    fieldView('line1', lang.t('checkoutAddressLabel', 'Address'), {
      value: values.line1,
      error: errors.line1,
      autocomplete: 'address-line1',
    }),
    fieldView('line2', lang.t('accountLine2Label', 'Apartment, suite (optional)'), {
      value: values.line2,
      error: errors.line2,
      autocomplete: 'address-line2',
      required: false,
    }),
    fieldView('city', lang.t('checkoutCityLabel', 'City'), { value: values.city, error: errors.city, autocomplete: 'address-level2' }),
    fieldView('region', labels.region, { value: values.region, error: errors.region, autocomplete: 'address-level1', required: false }),
    fieldView('postalCode', labels.postalCode, {
      value: values.postalCode,
      error: errors.postalCode,
      autocomplete: 'postal-code',
      required: false,
    }),
    fieldView('country', lang.t('checkoutCountryLabel', 'Country'), {
      value: values.country,
      error: errors.country,
      autocomplete: 'country',
      choices: countriesIn(locale, COUNTRIES),
    }),
  ];
}

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const lang = await requestLanguage(request, context);
  const signed = await signedInUser(request, context);
  if (!signed) return redirect(signInFor(lang), 303);
  const { user } = signed;
  const sql = await getSql();
  const url = new URL(request.url);
  const flash = await readFlash(request, 'account', (f) => f.form === 'account');
  const [orders, addresses, restock, lists] = await Promise.all([
    ordersOf(sql, user),
    addressesOf(sql, user.id),
    restockSignupsOf(sql, user),
    subscriptionsOf(sql, user.websiteId, user.email),
  ]);
  const editId = flash?.values?.addressId || url.searchParams.get('edit') || '';
  const editing = addresses.find((a) => a.id === editId) ?? null;
  const values: Record<string, string> = flash?.values?.intent?.endsWith('address')
    ? flash.values
    : editing
      ? { ...editing }
      : { country: 'US' };
  const m = (english: string) => messageIn(lang.strings, english);
  return accountPage(request, context, lang.t('accountTitle', 'Your account'), ACCOUNT_PAGE, async (site) => ({
    user: { name: user.name, email: user.email },
    notice: m(flash?.notice ?? ''),
    formError: flash?.values?.intent?.endsWith('address') ? '' : m(flash?.formError ?? ''),
    orders: orders.map((o) => ({
      orderNumber: o.orderNumber,
      href: signedOrderPath(o.id),
      dateText: o.createdAt.toISOString().slice(0, 10),
      statusText: lang.t(
        `orderStatus${o.fulfillmentStatus[0].toUpperCase()}${o.fulfillmentStatus.slice(1)}Text`,
        o.fulfillmentStatus[0].toUpperCase() + o.fulfillmentStatus.slice(1),
      ),
      totalText: formatMoney(o.grandTotalCents, site.website.currency, site.website.locale),
    })),
    addresses: addresses.map((a) => ({
      id: a.id,
      lines: addressLines(a, (code) => countryNameIn(site.website.locale, code, countryName(code))),
    })),
    addressForm: {
      title: editing ? lang.t('accountEditAddressTitle', 'Edit address') : lang.t('accountAddAddressTitle', 'Add an address'),
      intent: editing ? 'update-address' : 'add-address',
      addressId: editing?.id ?? '',
      formError: flash?.values?.intent?.endsWith('address') ? m(flash.formError ?? '') : '',
      fields: addressFields(values, messagesIn(lang.strings, flash?.errors ?? {}), lang, site.website.locale),
    },
    restock: restock.map((r) => ({
      productName: r.productName,
      variantName: r.variantName,
      statusText: r.notifiedAt ? lang.t('accountRestockNotifiedText', 'Notified') : lang.t('accountRestockWaitingText', 'Waiting'),
    })),
    lists,
  }));
}

const Intent = z.object({
  intent: z.enum(['add-address', 'update-address', 'remove-address', 'subscribe', 'unsubscribe']),
  addressId: z.string().max(100).optional(),
  listId: z.string().max(100).optional(),
});

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const { id: websiteId } = await requestSite(request, context);
  const lang = await requestLanguage(request, context);
  const signed = await signedInUser(request, context);
  if (!signed) return redirect(signInFor(lang), 303);
  const { user } = signed;
  const sql = await getSql();
  const form = await readForm(request);
  const parsed = form ? parseForm(form, Intent) : null;
  const done = (flash: Omit<AccountFlash, 'form'>) =>
    redirectLeavingFlash(request, lang.to('/account'), 'account', { form: 'account', ...flash });
  if (!form || parsed?.status !== 'success') return done({ formError: UNREADABLE });
  const { intent, addressId, listId } = parsed.value;
  switch (intent) {
    case 'add-address':
    case 'update-address': {
      const typed = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, (form.get(k) ?? '').slice(0, 200)]));
      const checked = checkAddress(typed);
      if (!checked.ok) {
        return done({
          errors: firstErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, m]) => [k, [m as string]]))),
          values: { ...typed, intent, addressId: addressId ?? '' },
        });
      }
      const a: Address = checked.address;
      if (intent === 'add-address') {
        const saved = await addAddress(sql, user.id, a);
        return saved
          ? done({ notice: 'Address saved.' })
          : done({ formError: 'You keep the most addresses an account may: remove one first.', values: { ...typed, intent } });
      }
      return (await updateAddress(sql, user.id, addressId ?? '', a))
        ? done({ notice: 'Address saved.' })
        : done({ formError: 'That address is not in your account.' });
    }
    case 'remove-address':
      return (await removeAddress(sql, user.id, addressId ?? ''))
        ? done({ notice: 'Address removed.' })
        : done({ formError: 'That address is not in your account.' });
    case 'subscribe': {
      const r = await subscribe(sql, websiteId, listId ?? '', user.email, { source: 'account', siteUserId: user.id });
      return r ? done({ notice: 'Subscribed.' }) : done({ formError: 'That newsletter does not exist.' });
    }
    case 'unsubscribe':
      await unsubscribe(sql, websiteId, listId ?? '', user.email);
      return done({ notice: 'Unsubscribed.' });
  }
}

export const headers: HeadersFunction = ({ loaderHeaders }) => forwardHeaders(loaderHeaders);
export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function AccountPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
