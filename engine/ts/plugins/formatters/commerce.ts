// Formatters of the commerce domain.
import type { FormatterTable } from '../../types.js';

export const formatters: FormatterTable = {};
