// The add-to-cart island: with JavaScript on, the theme's add-to-cart forms (which post to /cart
// and work without it) are sent with fetch instead, with the spec's button states, the pill and
// the header indicator updated in place, and the added-to-cart popover.
import { readCartQty } from '../storefront/cart-count.js';
import { showFieldErrors } from '../forms/field-errors.js';
import { islandText, pluralText, UI_TEXT } from '../utils/ui-texts.js';

/** SPEC sections 4 and 9 timings (ms). */
export const ADDING_MIN_MS = 1000;
export const ADDED_MS = 2000;
export const ERROR_RESET_MS = 1000;
export const SELECT_OPTION_MS = 2000;
export const POPOVER_MS = 3000;

/** What POST /cart answers a fetch from this island. */
export interface CartReply {
  ok: boolean;
  error?: string;
  cart?: { totalQuantity: number; subtotalText: string };
  added?: { title: string; quantity: number };
  /** A product custom form's failing answers, by field id (issue 30). */
  fieldErrors?: Record<string, string>;
  /** The product's form was not on this page (a list page): its details page asks for it. */
  details?: string;
}

/**
 * Puts each add-to-cart form's custom form fields in place (issue 30): the server draws them in a
 * <template>, inert without JavaScript (the add then asks for them on a page of its own).
 */
export function showCustomForms(root: ParentNode | null) {
  root?.querySelectorAll<HTMLTemplateElement>('form[data-add-to-cart] template[data-custom-form]').forEach((t) => {
    t.replaceWith(t.content.cloneNode(true));
  });
}

/** Thrown when the browser keeps no cookies. */
class CookiesOff extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The pill's text and spoken label for a count (SPEC: hidden at 0, 100+ above 100), in the page's
 * language when `doc` carries its texts (the layout says it the same way, from the same keys).
 */
export function pillText(count: number, doc?: Document): { hidden: boolean; text: string; label: string } {
  const english = count > 100 ? 'More than 100 items in cart' : `${count} item${count === 1 ? '' : 's'} in cart`;
  const label = !doc
    ? english
    : count > 100
      ? islandText(doc, 'cartPillOverLabel', english)
      : pluralText(doc.documentElement.lang, islandText(doc, 'cartPillLabel', english), count);
  return { hidden: count <= 0, text: count > 100 ? '100+' : String(count), label };
}

/**
 * Updates the layout's cart indicator and the floating pill. `subtotalText` is known after an
 * add; a count read from the cart_qty cookie comes without it.
 */
export function showCartCount(doc: Document, count: number, subtotalText?: string) {
  const pill = pillText(count, doc);
  doc.querySelectorAll<HTMLElement>('[data-cart-pill]').forEach((el) => {
    el.hidden = pill.hidden;
    el.setAttribute('aria-label', pill.label);
  });
  doc.querySelectorAll<HTMLElement>('[data-cart-pill-count]').forEach((el) => (el.textContent = pill.text));
  doc.querySelectorAll<HTMLElement>('[data-cart-indicator]').forEach((el) => {
    el.classList.toggle('has-items', count > 0);
    el.classList.toggle('is-empty', count === 0);
  });
  doc.querySelectorAll<HTMLElement>('[data-cart-count]').forEach((el) => {
    const inner = el.querySelector('.sqs-cart-quantity');
    (inner ?? el).textContent = String(count);
    el.hidden = false;
  });
  if (subtotalText !== undefined) {
    doc.querySelectorAll<HTMLElement>('[data-cart-subtotal]').forEach((el) => (el.textContent = subtotalText));
  }
}

/**
 * Public pages carry no cart (one cached document for everyone): fills the indicator and the pill
 * from the cart_qty cookie. A private page (the indicator is data-cart-known) shows the server's count.
 */
export function syncCartCount(doc: Document) {
  const indicator = doc.querySelector('[data-cart-indicator]');
  if (!indicator || indicator.hasAttribute('data-cart-known')) return;
  showCartCount(doc, readCartQty(doc.cookie) ?? 0);
}

/**
 * The added-to-cart popover: a non-modal dialog that takes focus when it opens, so that a keyboard
 * user is in it (Tab reaches View Cart and Close); Escape or the close button closes it. It is
 * removed after 3 s (SPEC 4), focus in it or not. Focus that was in it goes back to `returnTo` (the
 * add-to-cart button that opened it), else to what had focus before, never to <body>.
 */
export function showAddedPopover(doc: Document, title: string, quantity: number, cartHref = '/cart', returnTo?: HTMLElement | null) {
  doc.querySelectorAll('[data-cart-popover]').forEach((el) => el.remove());
  const back = returnTo ?? (doc.activeElement instanceof HTMLElement ? doc.activeElement : null);
  const box = doc.createElement('div');
  box.className = 'cart-popover';
  box.setAttribute('data-cart-popover', '');
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', islandText(doc, 'cartAddedPopoverLabel', 'Added to cart'));
  box.tabIndex = -1;
  const p = doc.createElement('p');
  p.id = 'cart-popover-text';
  p.textContent = islandText(doc, 'cartAddedPopoverText', '{quantity} × {title} added to your cart.', { quantity, title });
  box.setAttribute('aria-describedby', p.id);
  const link = doc.createElement('a');
  link.href = cartHref;
  link.className = 'button';
  link.textContent = islandText(doc, 'cartViewCartText', 'View Cart');
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'cart-popover-close';
  close.setAttribute('aria-label', islandText(doc, 'cartCloseLabel', 'Close'));
  close.textContent = '×';
  box.append(p, link, close);

  const remove = () => {
    clearTimeout(timer);
    if (!box.isConnected) return;
    const hadFocus = box.contains(doc.activeElement);
    box.remove();
    // Focus must not fall to <body> when the box it was in goes away. A button still marked
    // "Added!" is disabled for no one (it only ignores clicks), so it can take focus.
    if (hadFocus && back?.isConnected) back.focus();
  };
  close.addEventListener('click', remove);
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      remove();
    }
  });
  doc.body.append(box);
  box.focus();
  const timer = setTimeout(remove, POPOVER_MS);
}

function setLabel(button: HTMLButtonElement, text: string) {
  button.textContent = text;
}

function idleLabel(button: HTMLButtonElement): string {
  return button.dataset.label ?? button.textContent ?? 'Add To Cart';
}

function showMessage(form: HTMLFormElement, text: string, isError: boolean) {
  // A server-rendered message from an earlier no-JS post no longer applies.
  form.querySelectorAll('.cart-error, .cart-added').forEach((el) => el.remove());
  const live = form.querySelector<HTMLElement>('[data-cart-message]');
  if (!live) return;
  live.textContent = text;
  live.classList.toggle('cart-error', isError);
  live.classList.toggle('notice-error', isError);
}

/**
 * Handles the submit of an add-to-cart form, or returns false to let the browser submit it
 * (subscriptions go to the checkout page by a normal navigation).
 */
export function handleAddToCart(form: HTMLFormElement, submitter: HTMLButtonElement | null, onAdded?: () => void): boolean {
  const intent = (form.elements.namedItem('intent') as HTMLInputElement | null)?.value ?? 'add';
  if (intent !== 'add') return false;
  const button = submitter ?? form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return false;
  // Busy or just added: ignore the click (SPEC: a button marked added ignores clicks). A click
  // after an error always sends (issue 33): the error state is only the message's second on screen.
  if (button.dataset.state && button.dataset.state !== 'idle' && button.dataset.state !== 'error') return true;
  const label = idleLabel(button);
  button.dataset.label = label;

  const sku = form.elements.namedItem('sku') as HTMLSelectElement | HTMLInputElement | null;
  if (form.hasAttribute('data-list') && sku instanceof HTMLSelectElement && sku.value === '') {
    button.dataset.state = 'select';
    button.disabled = true;
    setLabel(button, islandText(form.ownerDocument, 'cartSelectOptionText', 'Select Option'));
    setTimeout(() => {
      setLabel(button, label);
      button.disabled = false;
      button.dataset.state = 'idle';
    }, SELECT_OPTION_MS);
    return true;
  }

  void send(form, button, label, onAdded);
  return true;
}

async function send(form: HTMLFormElement, button: HTMLButtonElement, label: string, onAdded?: () => void) {
  const doc = form.ownerDocument;
  button.dataset.state = 'adding';
  button.setAttribute('aria-busy', 'true');
  setLabel(button, islandText(doc, 'cartAddingText', 'Adding…'));
  showMessage(form, '', false);
  const started = Date.now();
  // This send's number: a later click's send owns the button, and this one's timers leave it alone.
  const run = String(Number(button.dataset.run ?? '0') + 1);
  button.dataset.run = run;
  let reply: CartReply;
  try {
    // SPEC 8: without cookies the cart cannot be kept (nor its session): say so, and send nothing.
    if (!navigator.cookieEnabled) throw new CookiesOff();
    // Remix answers a route action with its own JSON (not the page) for a data request.
    const url = new URL(form.action, window.location.href);
    // The cart route's id: its file is app/routes/($lang).cart.tsx (/cart, or /fr/cart from a French page).
    url.searchParams.set('_data', 'routes/($lang).cart');
    const res = await fetch(url, {
      method: 'POST',
      body: new FormData(form),
      headers: { Accept: 'application/json', 'X-Cart-Fetch': '1' },
      credentials: 'same-origin',
    });
    reply = (await res.json()) as CartReply;
  } catch (e) {
    reply = {
      ok: false,
      error:
        e instanceof CookiesOff
          ? islandText(doc, 'cartEnableCookiesText', UI_TEXT.enableCookies)
          : islandText(doc, 'cartCheckConnectionText', 'Please check your internet connection.'),
    };
  }
  if (!reply.ok && reply.details) {
    // The product's form is on its details page (a list page's add): go and fill it in.
    window.location.assign(reply.details);
    return;
  }
  // A custom form's answers: each error beside its field (cleared once they pass).
  showFieldErrors(form, reply.fieldErrors ?? {});
  if (!reply.ok) {
    // SPEC 4: error, then idle after 1 s. The error shows as soon as it comes, with the button's own
    // label back (not "Adding…"), and the button takes the next click at once.
    button.removeAttribute('aria-busy');
    const title = form.hasAttribute('data-gift-card')
      ? islandText(doc, 'cartUnableGiftCardText', 'Unable to purchase Gift Card')
      : islandText(doc, 'cartUnableToAddText', 'Unable to Add Item');
    showMessage(form, `${title}: ${reply.error ?? 'Unable to add item'}`, true);
    setLabel(button, label);
    button.dataset.state = 'error';
    // Focus goes to the first field to correct.
    if (reply.fieldErrors) form.querySelector<HTMLElement>('[data-custom-form-fields] [aria-invalid="true"]')?.focus();
    await sleep(ERROR_RESET_MS);
    if (button.dataset.run === run && button.dataset.state === 'error') setIdle(form, button, label);
    return;
  }
  const wait = ADDING_MIN_MS - (Date.now() - started);
  if (wait > 0) await sleep(wait);
  button.removeAttribute('aria-busy');
  button.dataset.state = 'added';
  setLabel(button, islandText(doc, 'cartAddedText', 'Added!'));
  // The analytics collector records the add (app/analytics/collector.ts listens on the document).
  form.dispatchEvent(new Event('cart:added', { bubbles: true }));
  if (reply.cart) showCartCount(doc, reply.cart.totalQuantity, reply.cart.subtotalText);
  // The cart the form posted to is the page's language's (/fr/cart from a French page).
  if (reply.added)
    showAddedPopover(doc, reply.added.title, reply.added.quantity, new URL(form.action, window.location.href).pathname, button);
  // At once, and only while this form is still on the page: run after the "Added!" pause, it once
  // reloaded the cart page the shopper had gone to meanwhile, taking its message with it.
  if (form.isConnected) onAdded?.();
  await sleep(ADDED_MS);
  setIdle(form, button, label);
}

/** Back to idle; the variant island (app/components/variant-island.ts) then shows the current choice. */
function setIdle(form: HTMLFormElement, button: HTMLButtonElement, label: string) {
  setLabel(button, label);
  button.dataset.state = 'idle';
  form.dispatchEvent(new Event('cart:idle'));
}
