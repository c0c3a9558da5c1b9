// Predicates of the commerce domain.
import type { PredicateTable } from '../../types.js';

export const predicates: PredicateTable = {};
