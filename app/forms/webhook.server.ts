// Stub: replaced by the forms-owner branch.
import type { Sql } from '../../db/client.server.js';

export async function queueWebhook(_sql: Sql, _ref: { formId: string; submissionId: string }): Promise<void> {}
