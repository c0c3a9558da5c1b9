// Predicates of the core domain.
import type { PredicateTable } from '../../types.js';

export const predicates: PredicateTable = {};
