// The hand-written product grid: no engine, the tightest code we could write for this one page.
// The speed limit the engine is measured against; it must produce product-grid.expected.html byte for byte.
//
// How it is kept tight (each choice measured against its alternatives, flattened, in interleaved
// rounds; see docs/benchmarks.md): escaping tests for a special character once and walks the
// characters only when there is one; prices are sliced from the decimal string, never parsed;
// the page is one array of parts joined once, which leaves a flat string (what a response writes).
// It is also kept honest: nothing is cached across calls and nothing is computed from the data
// outside the call.

interface Money {
  currency: string;
  value: string;
}
interface Variant {
  priceMoney: Money;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
}
interface Product {
  fullUrl: string;
  assetUrl: string;
  title: string;
  structuredContent: { productType: number; variants: Variant[] };
}

const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

/** Escapes `&<>` and, in attributes, `"`: a regex test first, the walk only for the rare string that needs it. */
function escapeWalk(s: string, attr: boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const rep = c === 38 ? '&amp;' : c === 60 ? '&lt;' : c === 62 ? '&gt;' : c === 34 && attr ? '&quot;' : '';
    if (rep !== '') {
      out += s.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return out + s.slice(last);
}

/** US dollars from a decimal string, en locale: $1,234.50 (two decimals, cut, as the data has at most two). */
function usd(value: string): string {
  const dot = value.indexOf('.');
  const int = dot < 0 ? value : value.slice(0, dot);
  const frac = dot < 0 ? '00' : value.length - dot === 3 ? value.slice(dot + 1) : (value.slice(dot + 1) + '00').slice(0, 2);
  const n = int.length;
  if (n <= 3) return '$' + int + '.' + frac;
  let grouped = int.slice(0, ((n - 1) % 3) + 1);
  for (let i = grouped.length; i < n; i += 3) grouped += ',' + int.slice(i, i + 3);
  return '$' + grouped + '.' + frac;
}

export function handwrittenGrid(data: { products: Product[] }): string {
  const products = data.products;
  const parts: string[] = new Array(products.length + 2);
  parts[0] = '<ul class="product-grid">\n';
  for (let k = 0; k < products.length; k++) {
    const p = products[k];
    const u = p.assetUrl;
    const title = p.title;
    const sc = p.structuredContent;
    const variants = sc.variants;
    let onSale = false;
    let inStock = false;
    for (let i = 0; i < variants.length; i++) {
      const v = variants[i];
      if (v.onSale) onSale = true;
      if (v.unlimited || v.qtyInStock > 0) inStock = true;
    }
    const soldOut = (sc.productType === 1 || sc.productType === 3) && !inStock;
    parts[k + 1] =
      '<li class="product"><a href="' +
      p.fullUrl +
      '"><img src="' +
      u +
      '?format=500w" srcset="' +
      u +
      '?format=100w 100w, ' +
      u +
      '?format=300w 300w, ' +
      u +
      '?format=500w 500w, ' +
      u +
      '?format=750w 750w" sizes="(max-width: 640px) 50vw, 25vw" alt="' +
      (ATTR_SPECIAL.test(title) ? escapeWalk(title, true) : title) +
      '"><h3 class="title">' +
      (HTML_SPECIAL.test(title) ? escapeWalk(title, false) : title) +
      '</h3></a><span class="price">' +
      usd(variants[0].priceMoney.value) +
      '</span>' +
      (onSale ? '<span class="mark sale">Sale</span>' : '') +
      (soldOut ? '<span class="mark sold-out">Sold Out</span>' : '') +
      '</li>\n';
  }
  parts[products.length + 1] = '</ul>\n';
  return parts.join('');
}
