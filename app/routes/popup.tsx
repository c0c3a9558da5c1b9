// /popup: the popup overlay (page type 104) as a page of its own. Its newsletter form posts here
// without JavaScript (the page's form action of app/forms/page-forms.server.ts), so the popup never
// needs a script to work: a refused post shows the form again with the messages and what was
// typed; a sent one shows the thank-you text and a link back to the page the visitor came from.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { answerPagePost, formStateOf } from '../forms/page-forms.server.js';
import { popupPage } from '../overlays/popup.server.js';
import { POPUP_BLOCK_ID } from '../overlays/popup.js';
import { siteTweaks } from '../overlays/tweak-store.server.js';
import { PageType } from '../../engine/ts/enums.js';
import { getSql } from '../../db/client.server.js';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return storefrontPage(
    request,
    async (site, url) => {
      const page = await popupPage(site.website.id, url, formStateOf(context)?.state);
      if (!page) return { resolved: { kind: 'not-found' } };
      return {
        resolved: { kind: 'commerce', page: 'account' },
        pageTemplate: { name: 'popup-overlay', source: '{overlay.html}' },
        private: true,
        extras: { pageType: PageType.POPUP_OVERLAY, commercePage: { title: page.title, data: { overlay: { html: page.html } } } },
      };
    },
    context,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const site = await requestSite(request, context);
  const popup = (await siteTweaks(site.id))['popup-overlay'];
  const blocks = popup.enabled && popup.formId ? [{ id: POPUP_BLOCK_ID, type: 'form', settings: { formId: popup.formId } }] : [];
  // A refused post: the loader renders the page again with the messages and everything typed.
  return answerPagePost(await getSql(), request, context, site.id, blocks);
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => pageActionHeaders({ loaderHeaders, actionHeaders });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function PopupPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
