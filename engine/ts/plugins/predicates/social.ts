// Predicates of the social domain.
import type { PredicateTable } from '../../types.js';

export const predicates: PredicateTable = {};
