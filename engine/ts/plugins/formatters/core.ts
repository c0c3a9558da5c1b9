// Formatters of the core domain.
import type { FormatterTable } from '../../types.js';

export const formatters: FormatterTable = {};
