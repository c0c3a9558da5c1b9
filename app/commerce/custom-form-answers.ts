// A product custom form's answers as a cart entry, an order line and the order email carry them
// (issue 30): the additionalFields a storefront form stores, and the title/value list shown for
// them. Pure: the cart page, the order page, /config/orders and the email all read it the same way.

/** SPEC 9: the default submit label of a product's form. */
export const PRODUCT_FORM_SUBMIT_LABEL = 'Add to Cart';
/** The submit label of the form opened again from the cart. */
export const SAVE_DETAILS_TEXT = 'Save details';

/** One answer as shown: the field's title when it was answered, and the answer as text. */
export interface CustomFormAnswer {
  title: string;
  value: string;
}

/** additionalFields as a product's custom form stores them (the raw API may store any JSON). */
export interface CustomFormFields {
  formId: string;
  /** The answers by field id, in the form builder's value shapes (app/forms/form-values.ts). */
  values: Record<string, unknown>;
  /** What the shopper answered, as shown: kept as it was even if the owner later edits the form. */
  answers: CustomFormAnswer[];
}

/** Shown answers at most (a form has at most 50 fields), and the longest text kept of one. */
const MAX_ANSWERS = 50;
const MAX_TEXT = 2000;

/**
 * The answers to show for an entry's or a line's additionalFields: those a custom form stored, in
 * the form's order; nothing for other JSON (what the raw API was sent is not shown to shoppers).
 */
export function answersOf(additionalFields: unknown): CustomFormAnswer[] {
  if (additionalFields === null || typeof additionalFields !== 'object') return [];
  const list = (additionalFields as { answers?: unknown }).answers;
  if (!Array.isArray(list)) return [];
  const out: CustomFormAnswer[] = [];
  for (const a of list.slice(0, MAX_ANSWERS)) {
    if (a === null || typeof a !== 'object') continue;
    const { title, value } = a as { title?: unknown; value?: unknown };
    if (typeof title !== 'string' || typeof value !== 'string' || value.trim() === '') continue;
    out.push({ title: title.slice(0, MAX_TEXT), value: value.slice(0, MAX_TEXT) });
  }
  return out;
}

/** The form id a custom form's additionalFields name, or null. */
export function formIdOf(additionalFields: unknown): string | null {
  if (additionalFields === null || typeof additionalFields !== 'object') return null;
  const id = (additionalFields as { formId?: unknown }).formId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The cart's details page: it asks for a product's form (no JavaScript) or opens an entry's again. */
export const DETAILS_PATH = '/cart/details';

/** The details page at `base` (DETAILS_PATH in the page's language) for these query parameters. */
export function detailsUrl(base: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  return `${base}?${q.toString()}`;
}

/** Texts of the details page and the add that needs it. */
export const CUSTOM_FORM_TEXT = {
  /** The island's add of a product whose form was not shown (a list page): the page asks for it. */
  needed: 'Please fill in the details for this item.',
  /** SPEC 8: a form that cannot be opened (the product has none, or the entry is gone). */
  unableToOpen: 'Unable to open form',
};
