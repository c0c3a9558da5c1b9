// The owner JSON API (app/routes/api.*.ts behind requireApiAccess), one entry per method, for the
// role matrix test: a session without the permission gets 403, none gets 401. Bodies are invalid
// on purpose, so a role that may call sends them too and gets a 400 (or a read) and changes nothing.
import type { ApiCase } from './types.js';

const RESTOCK = '/api/site-users/account/notifications/restock';
const BAD = 'not json';
const CONTENT = '/api/content-service/product/1.1/websites/saltgrass/products';

export const API_CASES: ApiCase[] = [
  {
    file: 'api.commondata.GetSiteLayout.ts',
    method: 'GET',
    path: '/api/commondata/GetSiteLayout',
    permission: 'pages.read',
    allowedSafe: true,
  },
  {
    file: 'api.content-service.product.1[.]1.websites.$websiteId.products.ts',
    method: 'POST',
    path: CONTENT,
    permission: 'pages.publish',
    body: BAD,
    allowedSafe: true,
  },
  {
    file: 'api.content-service.product.1[.]1.websites.$websiteId.products_.$collectionId.categories.ts',
    method: 'POST',
    path: `${CONTENT}/col-shop/categories`,
    permission: 'products.write',
    body: BAD,
    allowedSafe: true,
  },
  {
    file: 'api.multilingual.connection.ts',
    method: 'PUT',
    path: '/api/multilingual/connection',
    permission: 'settings.write',
    body: BAD,
    allowedSafe: true,
  },
  // DELETE takes no body: a role that may call it would disconnect the translation service.
  {
    file: 'api.multilingual.connection.ts',
    method: 'DELETE',
    path: '/api/multilingual/connection',
    permission: 'settings.write',
    allowedSafe: false,
  },
  {
    file: 'api.multilingual.languages.ts',
    method: 'PUT',
    path: '/api/multilingual/languages',
    permission: 'settings.write',
    body: BAD,
    allowedSafe: true,
  },
  {
    file: 'api.multilingual.settings.ts',
    method: 'GET',
    path: '/api/multilingual/settings',
    permission: 'settings.read',
    allowedSafe: true,
  },
  { file: 'api.site-header-footer.ts', method: 'GET', path: '/api/site-header-footer', permission: 'settings.read', allowedSafe: true },
  {
    file: 'api.site-header-footer.ts',
    method: 'PUT',
    path: '/api/site-header-footer',
    permission: 'settings.write',
    body: { header: 'x', footer: {} },
    allowedSafe: true,
  },
  {
    file: 'api.site-users.account.notifications.restock.ts',
    method: 'GET',
    path: `${RESTOCK}?productId=p&variantId=v`,
    permission: 'forms.read',
    allowedSafe: true,
  },
  {
    file: 'api.site-users.account.notifications.restock_.groups.ts',
    method: 'GET',
    path: `${RESTOCK}/groups`,
    permission: 'forms.read',
    allowedSafe: true,
  },
  {
    file: 'api.site-users.account.notifications.restock_.send.ts',
    method: 'POST',
    path: `${RESTOCK}/send`,
    permission: 'products.write',
    body: BAD,
    allowedSafe: true,
  },
  {
    file: 'api.site-users.account.notifications.restock_.send.all.ts',
    method: 'POST',
    path: `${RESTOCK}/send/all`,
    permission: 'products.write',
    body: BAD,
    allowedSafe: true,
  },
  {
    file: 'api.template.GetTemplateSchema.ts',
    method: 'GET',
    path: '/api/template/GetTemplateSchema?type=form',
    permission: 'pages.read',
    allowedSafe: true,
  },
  {
    file: 'api.v1.commerce-preferences.$namespace.ts',
    method: 'GET',
    path: '/api/v1/commerce-preferences/roles-test',
    permission: 'settings.read',
    allowedSafe: true,
  },
  {
    file: 'api.v1.commerce-preferences.$namespace.ts',
    method: 'PUT',
    path: '/api/v1/commerce-preferences/roles-test',
    permission: 'settings.write',
    body: BAD,
    allowedSafe: true,
  },
  {
    file: 'api.widget.UpdateNavigation.ts',
    method: 'POST',
    path: '/api/widget/UpdateNavigation',
    permission: 'pages.write',
    body: BAD,
    allowedSafe: true,
  },
];
