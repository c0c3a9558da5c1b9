// Predicates of the slide domain: the type of the current slice.
import type { Context } from '../../context.js';
import type { PredicateTable } from '../../types.js';
import { field } from '../social/util.js';
import { leadingNumber } from '../../values.js';

/** Slice types by name (SPEC section 3). */
const SLICE_TYPES: Record<string, number> = {
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

/** `{.current-type? gallery}`: the current node's currentType is the named slice type. */
function currentType(ctx: Context, args: string[]): boolean {
  const name = args[0];
  if (name === undefined || !Object.prototype.hasOwnProperty.call(SLICE_TYPES, name)) return false;
  return Math.trunc(leadingNumber(field(ctx.node(), 'currentType'))) === SLICE_TYPES[name];
}

export const predicates: PredicateTable = {
  'current-type?': currentType,
};
