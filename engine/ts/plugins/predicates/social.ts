// Predicates of the social domain: whether comments show, and whether disqus replaces them.
import type { Context } from '../../context.js';
import { NOT_IMPLEMENTED, type PredicateTable } from '../../types.js';
import { isTruthy } from '../../values.js';
import { field } from '../social/util.js';
import { leadingNumber } from '../../values.js';

const WEBSITE_SETTINGS = ['websiteSettings'];
const DISQUS_SHORT_NAME = ['websiteSettings', 'disqusShortName'];

/**
 * Comments show when open (commentState 1) or when public comments exist, unless the site
 * settings turn comments off. With no site settings in the data at all they are on.
 */
function comments(ctx: Context): boolean {
  const settings = ctx.resolve(WEBSITE_SETTINGS);
  if (settings !== undefined && !isTruthy(field(settings, 'commentsEnabled'))) return false;
  const node = ctx.node();
  return leadingNumber(field(node, 'commentState')) === 1 || leadingNumber(field(node, 'publicCommentCount')) > 0;
}

export const predicates: PredicateTable = {
  'comments?': comments,
  'disqus?': (ctx) => isTruthy(ctx.resolve(DISQUS_SHORT_NAME)),
  'units-metric?': NOT_IMPLEMENTED,
};
