// Formatters of the social domain.
import type { FormatterTable } from '../../types.js';

export const formatters: FormatterTable = {};
