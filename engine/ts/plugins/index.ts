// Every built-in formatter and predicate, merged into the two default tables.
import type { FormatterTable, PredicateTable } from '../types.js';
import { formatters as coreF } from './formatters/core.js';
import { formatters as dateF } from './formatters/date.js';
import { formatters as i18nF } from './formatters/i18n.js';
import { formatters as contentF } from './formatters/content.js';
import { formatters as commerceF } from './formatters/commerce.js';
import { formatters as socialF } from './formatters/social.js';
import { predicates as coreP } from './predicates/core.js';
import { predicates as contentP } from './predicates/content.js';
import { predicates as commerceP } from './predicates/commerce.js';
import { predicates as socialP } from './predicates/social.js';
import { predicates as slideP } from './predicates/slide.js';

export const defaultFormatters: FormatterTable = {
  ...coreF,
  ...dateF,
  ...i18nF,
  ...contentF,
  ...commerceF,
  ...socialF,
};

export const defaultPredicates: PredicateTable = {
  ...coreP,
  ...contentP,
  ...commerceP,
  ...socialP,
  ...slideP,
};
