// GetTemplateSchema (SPEC 7, "query type (form block)"): what a block of a type is made of, for an
// API client that builds one: its settings fields and, for the form block, the site's forms to choose.
import { z } from 'zod';
import type { Sql } from '../../../db/client.server.js';
import { listForms } from '../../forms/forms.server.js';
import { BLOCK_LABELS } from './block-types.js';
import { FORM_BLOCK_TEXT } from './form.js';

/** SPEC 3's block type number of the form block; the query takes it or the block's name. */
export const FORM_BLOCK_NUMBER = 9;

export const TEMPLATE_SCHEMA_TEXT = {
  type: `type must be the form block: form or ${FORM_BLOCK_NUMBER}.`,
};

export const TemplateSchemaQuery = z.object({
  type: z
    .string({ required_error: TEMPLATE_SCHEMA_TEXT.type })
    .trim()
    .refine((t) => t === 'form' || t === String(FORM_BLOCK_NUMBER), TEMPLATE_SCHEMA_TEXT.type),
});

export interface TemplateSchema {
  type: 'form';
  blockType: number;
  label: string;
  fields: { name: string; kind: 'choice'; required: boolean; error: string; choices: { value: string; label: string }[] }[];
}

export async function templateSchema(sql: Sql, websiteId: string): Promise<TemplateSchema> {
  const forms = await listForms(sql, websiteId);
  return {
    type: 'form',
    blockType: FORM_BLOCK_NUMBER,
    label: BLOCK_LABELS.form,
    fields: [
      {
        name: 'formId',
        kind: 'choice',
        required: true,
        error: forms.length === 0 ? FORM_BLOCK_TEXT.none : FORM_BLOCK_TEXT.choose,
        choices: forms.map((f) => ({ value: f.id, label: f.name })),
      },
    ],
  };
}
