// The variant island: with JavaScript on, choosing an option on a product page shows the chosen
// variant at once (price line, stock, picture, the button's Sold Out / Add To Cart state, the
// instalment text, the owner's scarcity notice and the "(sold out)" marks on the other options),
// and says so in a polite live region. It reads the variants from the page's
// `<script type="application/json" data-variant-picker>` block (data, never run: fine under the
// CSP), texts included, in the page's language. Without JavaScript the same selects are posted
// with the add-to-cart form and the server resolves the variant; nothing here is needed to buy.
import type { VariantChoice, VariantPickerData, VariantPickerTexts } from '../storefront/variant-picker.js';

/** The island's English texts, for pages whose data block predates the texts it carries. */
export const ENGLISH_TEXTS: Omit<VariantPickerTexts, 'unavailable' | 'giftCard' | 'soldOut'> = {
  pleaseSelectOne: 'Please select the {name} option.',
  pleaseSelectMany: 'Please select the {names} and {last} options.',
  soldOutMark: 'sold out',
  originalPrice: 'Original price:',
  was: '{price}, was {original}',
};

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? vars[name] : m));
}

export type ChoiceState = 'select' | 'unavailable' | 'sold-out' | 'available';

export interface Choice {
  state: ChoiceState;
  variant: VariantChoice | null;
  /** What the page says (the spec's texts), or null when a variant is chosen. */
  message: string | null;
}

/** "Please select the Size option." and its longer forms (SPEC section 5; the server's pleaseSelect). */
export function pleaseSelectText(names: string[], texts: Partial<VariantPickerTexts> = {}): string {
  if (names.length === 1) return fill(texts.pleaseSelectOne ?? ENGLISH_TEXTS.pleaseSelectOne, { name: names[0] });
  return fill(texts.pleaseSelectMany ?? ENGLISH_TEXTS.pleaseSelectMany, {
    names: names.slice(0, -1).join(', '),
    last: names[names.length - 1],
  });
}

/** The variant the chosen options mean, and what the page says about it (as the server renders it). */
export function choose(data: VariantPickerData, chosen: Record<string, string>): Choice {
  const missing = data.options.filter((n) => !chosen[n]);
  const variant = missing.length > 0 ? null : (data.variants.find((v) => data.options.every((n) => v.attributes[n] === chosen[n])) ?? null);
  if (data.soldOut) return { state: 'sold-out', variant, message: null };
  if (missing.length > 0)
    return { state: 'select', variant: null, message: data.giftCard ? data.texts.giftCard : pleaseSelectText(missing, data.texts) };
  if (variant === null) return { state: 'unavailable', variant: null, message: data.texts.unavailable };
  return { state: variant.soldOut ? 'sold-out' : 'available', variant, message: null };
}

/** Whether `value` of option `name` can still be bought with the other options chosen so far. */
export function valueAvailable(data: VariantPickerData, chosen: Record<string, string>, name: string, value: string): boolean {
  return data.variants.some(
    (v) =>
      v.attributes[name] === value && !v.soldOut && data.options.every((n) => n === name || !chosen[n] || v.attributes[n] === chosen[n]),
  );
}

/** What the live region says after a choice. */
export function announcement(choice: Choice, texts: Partial<VariantPickerTexts> = {}): string {
  const v = choice.variant;
  if (!v) return choice.message ?? '';
  const price = v.salePrice ? fill(texts.was ?? ENGLISH_TEXTS.was, { price: v.salePrice, original: v.price }) : v.price;
  return `${v.name}: ${price}. ${v.stock.text}.`;
}

/** The options a scarcity notice is for (the engine's data-variant-attributes), or null for the rendered variant's. */
function scarcityAttributes(el: HTMLElement): Record<string, string> | null {
  const raw = el.dataset.variantAttributes;
  if (raw === undefined) return null;
  try {
    const a = JSON.parse(raw) as unknown;
    return a !== null && typeof a === 'object' ? (a as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function readData(script: Element | null): VariantPickerData | null {
  if (!script?.textContent) return null;
  try {
    const data = JSON.parse(script.textContent) as VariantPickerData;
    if (!Array.isArray(data.options) || !Array.isArray(data.variants)) return null;
    return { ...data, texts: { ...ENGLISH_TEXTS, ...data.texts } };
  } catch {
    return null;
  }
}

function priceNodes(doc: Document, v: VariantChoice, texts: VariantPickerTexts): Node[] {
  const now = doc.createElement('span');
  now.className = 'price-now';
  if (!v.salePrice) {
    now.textContent = v.price;
    return [now];
  }
  now.textContent = v.salePrice;
  const was = doc.createElement('s');
  was.className = 'price-was';
  const label = doc.createElement('span');
  label.className = 'visually-hidden';
  label.textContent = `${texts.originalPrice} `;
  was.append(label, v.price);
  return [now, doc.createTextNode(' '), was];
}

/** The srcset the theme's image-srcset formatter writes for a picture. */
export function srcsetFor(url: string, widths: number[]): string {
  return widths.map((w) => `${url}?format=${w}w ${w}w`).join(',');
}

function setImage(img: HTMLImageElement | null, src: string | null, widths: number[]): boolean {
  if (!img || !src || img.getAttribute('src') === src) return false;
  if (widths.length > 0) img.setAttribute('srcset', srcsetFor(src, widths));
  else img.removeAttribute('srcset');
  img.setAttribute('src', src);
  return true;
}

/**
 * Wires every product form of `root` that carries variant data; returns the function that
 * unwires them (the page's HTML is replaced on a client-side navigation).
 */
export function enhanceVariantPickers(root: ParentNode | null): () => void {
  const undo: Array<() => void> = [];
  root?.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]').forEach((form) => {
    const data = readData(form.querySelector('script[data-variant-picker]'));
    if (!data) return;
    const doc = form.ownerDocument;
    const scope: ParentNode = form.closest('[data-product]') ?? doc;
    const selects = [...form.querySelectorAll<HTMLSelectElement>('select[data-option]')];
    const one = <T extends Element>(sel: string) => scope.querySelector<T>(sel);

    // The browser may have restored other choices than the page was rendered with (reload, back).
    const rendered = (s: HTMLSelectElement) => ([...s.options].find((o) => o.defaultSelected) ?? s.options[0])?.value ?? '';
    // The variant the server rendered the page for: its scarcity notice is the one without options.
    const renderedSku = choose(data, Object.fromEntries(selects.map((s) => [s.dataset.option ?? '', rendered(s)]))).variant?.sku;

    const update = (announce: boolean) => {
      const chosen: Record<string, string> = {};
      for (const s of selects) if (s.value) chosen[s.dataset.option ?? ''] = s.value;
      const choice = choose(data, chosen);
      const v = choice.variant;

      // The price line: the chosen variant's price, else the product's ("from $68.00").
      const from = one<HTMLElement>('[data-price-from]');
      const exact = one<HTMLElement>('[data-price-chosen]');
      if (exact && from) {
        if (v) exact.replaceChildren(...priceNodes(doc, v, data.texts));
        exact.hidden = !v;
        from.hidden = !!v;
      }

      const summary = one<HTMLElement>('[data-variant-summary]');
      if (summary) {
        summary.hidden = !v;
        if (v) {
          summary.dataset.sku = v.sku;
          const name = summary.querySelector('[data-variant-name]');
          if (name) name.textContent = v.name;
          const stock = summary.querySelector('[data-variant-stock]');
          if (stock) {
            const span = doc.createElement('span');
            span.className = `stock-${v.stock.tone}`;
            span.textContent = v.stock.text;
            stock.replaceChildren(span);
          }
        }
      }

      const message = one<HTMLElement>('[data-purchase-message]');
      if (message) message.textContent = choice.message ?? '';

      const instalment = one<HTMLElement>('[data-instalment-text]');
      const instalmentText = v ? v.instalment : data.instalment;
      if (instalment && instalmentText) instalment.textContent = instalmentText;
      // A sold-out choice offers no instalments (issue 33): the notice hides, and shows again with a buyable one.
      const notice = one<HTMLElement>('[data-instalment]');
      if (notice) notice.hidden = !instalmentText;

      // The picture matching the variant (SPEC 4), back to the product's when there is none.
      const img = one<HTMLImageElement>('[data-product-image] img');
      if (setImage(img, v?.image ?? data.image, data.imageWidths ?? [])) {
        const gallery = one<HTMLElement>('[data-product-gallery]');
        if (gallery && gallery.scrollLeft !== 0) gallery.scrollLeft = 0;
      }

      // The scarcity notice of the variant chosen, when its stock is low (the others' stay hidden).
      scope.querySelectorAll<HTMLElement>('.product-scarcity').forEach((el) => {
        const own = scarcityAttributes(el);
        el.hidden = !v || (own ? !data.options.every((n) => own[n] === v.attributes[n]) : v.sku !== renderedSku);
      });

      // Which values can still be bought with the rest of the choice.
      for (const s of selects) {
        for (const o of s.options) {
          if (!o.value) continue;
          const available = valueAvailable(data, chosen, s.dataset.option ?? '', o.value);
          const text = available ? o.value : `${o.value} (${data.texts.soldOutMark})`;
          if (o.textContent !== text) o.textContent = text;
        }
      }

      const button = form.querySelector<HTMLButtonElement>('button[data-add-button]');
      // A button busy adding (or showing Added!) is left to the cart island; it calls back when idle.
      if (button && (!button.dataset.state || button.dataset.state === 'idle')) {
        const soldOut = choice.state === 'sold-out';
        button.disabled = soldOut;
        button.textContent = soldOut ? data.texts.soldOut : (button.dataset.label ?? data.addLabel);
      }

      if (announce) {
        const live = form.querySelector<HTMLElement>('[data-variant-status]');
        if (live) live.textContent = announcement(choice, data.texts);
      }
    };

    const onChange = (e: Event) => {
      if (e.target instanceof HTMLSelectElement && e.target.hasAttribute('data-option')) update(true);
    };
    const onIdle = () => update(false);
    form.addEventListener('change', onChange);
    form.addEventListener('cart:idle', onIdle);
    undo.push(() => {
      form.removeEventListener('change', onChange);
      form.removeEventListener('cart:idle', onIdle);
    });
    if (selects.some((s) => s.value !== rendered(s))) update(false);
  });
  return () => undo.forEach((f) => f());
}
