// Formatters of the content domain.
import type { FormatterTable } from '../../types.js';

export const formatters: FormatterTable = {};
