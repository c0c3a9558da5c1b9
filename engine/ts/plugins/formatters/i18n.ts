// Formatters of the i18n domain.
import type { FormatterTable } from '../../types.js';

export const formatters: FormatterTable = {};
