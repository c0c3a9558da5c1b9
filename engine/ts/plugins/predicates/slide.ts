// Predicates of the slide domain.
import type { PredicateTable } from '../../types.js';

export const predicates: PredicateTable = {};
