// Formatters of the date domain.
import type { FormatterTable } from '../../types.js';

export const formatters: FormatterTable = {};
