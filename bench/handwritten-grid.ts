// The hand-written product grid: template literals, no engine. The practical speed limit that the
// engine is measured against; it must produce product-grid.expected.html byte for byte.

interface Money { currency: string; value: string }
interface Variant { priceMoney: Money; onSale: boolean; unlimited: boolean; qtyInStock: number }
interface Product { fullUrl: string; assetUrl: string; title: string; structuredContent: { productType: number; variants: Variant[] } }

function escapeHtml(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function escapeAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** US dollars from a decimal string, en locale: $1,234.50. */
function usd(value: string): string {
  const [int, frac = ''] = value.split('.');
  let grouped = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += ',';
    grouped += int[i];
  }
  return '$' + grouped + '.' + (frac + '00').slice(0, 2);
}

export function handwrittenGrid(data: { products: Product[] }): string {
  let out = '<ul class="product-grid">\n';
  for (const p of data.products) {
    const u = p.assetUrl;
    const variants = p.structuredContent.variants;
    const onSale = variants.some((v) => v.onSale);
    const type = p.structuredContent.productType;
    const soldOut = (type === 1 || type === 3) && !variants.some((v) => v.unlimited || v.qtyInStock > 0);
    out += `<li class="product"><a href="${p.fullUrl}"><img src="${u}?format=500w" srcset="${u}?format=100w 100w, ${u}?format=300w 300w, ${u}?format=500w 500w, ${u}?format=750w 750w" sizes="(max-width: 640px) 50vw, 25vw" alt="${escapeAttr(p.title)}"><h3 class="title">${escapeHtml(p.title)}</h3></a><span class="price">${usd(variants[0].priceMoney.value)}</span>${onSale ? '<span class="mark sale">Sale</span>' : ''}${soldOut ? '<span class="mark sold-out">Sold Out</span>' : ''}</li>\n`;
  }
  return out + '</ul>\n';
}
