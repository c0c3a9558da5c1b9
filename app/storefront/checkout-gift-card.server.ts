// The gift card field on every checkout page (issue 33): a checkout template the owner edited before
// gift cards existed (migration 0047 updated unedited ones only) has none. When the rendered page has
// no gift card field, the store theme's own field (the seed checkout template's section, so there is
// one source of its markup) is rendered over the same context and put into the checkout form, at a
// stable anchor: before the totals table, else before the form's buttons, else at the form's end.
// Its line in the totals goes in too, so the total the page shows adds up. See ADR 0037.
import { starterTheme } from '../sites/starter-themes.server.js';

/** Renders a template source over the page's context with these partials (render.server's renderTemplate). */
export type RenderSource = (source: string, partials: Record<string, string>) => string;

/** `{.section name}` … its `{.end}`: the section of `source` that opens at `open` (a literal). */
function sectionFrom(source: string, open: string, close: string): string {
  const start = source.indexOf(open);
  const end = start < 0 ? -1 : source.indexOf(close, start);
  if (end < 0) throw new Error(`the store theme's checkout template has no "${open.trim()}" section`);
  return source.slice(start, end + close.length);
}

let seedSections: { field: string; totalsLine: string; checkoutField: string } | null = null;

/** The field's and the totals line's template sources, from the store theme's checkout template. */
function sections(): { field: string; totalsLine: string; checkoutField: string } {
  if (seedSections) return seedSections;
  const files = starterTheme('store').templates();
  const checkout = files.find((t) => t.kind === 'page' && t.name === 'checkout')?.source ?? '';
  const checkoutField = files.find((t) => t.kind === 'partial' && t.name === 'checkout-field')?.source ?? '';
  seedSections = {
    // Inside {.section checkout}{.section form}, as in the page template.
    field: sectionFrom(
      checkout,
      '{.section giftCard}\n    <fieldset class="checkout-section checkout-gift-card">',
      '</fieldset>\n    {.end}',
    ),
    // Inside {.section checkout}{.section form}{.section totals}.
    totalsLine: sectionFrom(checkout, '{.section giftCard}<tr>', '</tr>{.end}'),
    checkoutField,
  };
  return seedSections;
}

/** Whether the rendered checkout already shows a gift card field (a code box, or the applied card's Remove). */
const hasField = (html: string) => /\bname="giftCardCode"/.test(html) || /\bvalue="gift-remove"/.test(html);

/** The checkout form of a rendered page: where its body starts and ends (null: the page has none). */
function checkoutForm(html: string): { start: number; end: number } | null {
  const open = /<form\b[^>]*\baction="[^"]*\/checkout(?:\?[^"]*)?"[^>]*>/.exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  const end = html.indexOf('</form>', start);
  return end < 0 ? null : { start, end };
}

/**
 * `html`, the rendered checkout page, with the gift card field (and its totals line) in its checkout
 * form when the owner's template has none. `context` is the page's template context, `partials` the
 * site's, and `renderSource` renders over that context.
 */
export function withGiftCardField(html: string, context: object, partials: Record<string, string>, renderSource: RenderSource): string {
  const form = (context as { checkout?: { form?: { giftCard?: unknown } } }).checkout?.form;
  if (!form?.giftCard || hasField(html)) return html;
  const where = checkoutForm(html);
  if (!where) return html;
  const s = sections();
  // The owner's field partial (their look) when the theme has one; else the store theme's.
  const withField = { 'checkout-field': s.checkoutField, ...partials };
  const render = (source: string) => renderSource(source, withField);
  const field = render(`{.section checkout}{.section form}${s.field}{.end}{.end}`);
  const body = html.slice(where.start, where.end);
  let out = body;
  // The card's line in the totals, as the last row of the totals table's body, when the table has none.
  const totals = /<table\b[^>]*\bclass="[^"]*\bcheckout-totals\b[^"]*"[^>]*>[\s\S]*?<\/tbody>/.exec(out);
  if (totals && !totals[0].includes('data-checkout-gift-card')) {
    const line = render(`{.section checkout}{.section form}{.section totals}${s.totalsLine}{.end}{.end}{.end}`);
    const at = totals.index + totals[0].length - '</tbody>'.length;
    out = out.slice(0, at) + line + out.slice(at);
  }
  const anchors = [
    /<table\b[^>]*\bclass="[^"]*\bcheckout-totals\b/,
    /<div\b[^>]*\bclass="[^"]*\bcheckout-actions\b/,
    /<button\b[^>]*\bvalue="place"/,
  ];
  const hit = anchors.map((a) => a.exec(out)).find((m) => m !== null);
  const at = hit ? hit.index : out.length;
  out = out.slice(0, at) + field + '\n' + out.slice(at);
  return html.slice(0, where.start) + out + html.slice(where.end);
}
