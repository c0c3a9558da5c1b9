// GET /api/census/pixel?d=<JSON>: the page view of a shopper without JavaScript (the page's
// <noscript> image), recorded from the request. Always answers the 1x1 GIF: bad input, a page not
// to be recorded, a client past its rate limit or a full queue only mean nothing is recorded.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { parseJson, pixelAnswer } from '../analytics/answers.server.js';
import { ingestAllowance, recordPageView } from '../analytics/recorder.server.js';
import { CensusPage } from '../analytics/wire.js';
import { requestSite } from '../storefront/site.server.js';
import { errorText, log } from '../utils/log.server.js';
import { z } from 'zod';

const PixelData = CensusPage.extend({
  pagePath: z.string().max(2048),
  url: z.string().max(2048),
  referrer: z.string().max(2048).optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const d = PixelData.safeParse(parseJson(new URL(request.url).searchParams.get('d')));
  if (!d.success) return pixelAnswer();
  try {
    const site = await requestSite(request, context);
    // A client past its rate limit (issue 28) still gets its image; nothing is recorded.
    if (!(await ingestAllowance(request, site.id)).ok) return pixelAnswer();
    const o = await recordPageView(request, site.id, { page: d.data, data: d.data, source: 'server' });
    return pixelAnswer(o.status === 503 ? [] : o.cookies);
  } catch (e) {
    if (!(e instanceof Response)) log.warn(`analytics: pixel not recorded: ${errorText(e)}`);
    return pixelAnswer();
  }
}
