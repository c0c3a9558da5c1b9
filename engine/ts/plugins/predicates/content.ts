// Predicates of the content domain.
import type { PredicateTable } from '../../types.js';

export const predicates: PredicateTable = {};
