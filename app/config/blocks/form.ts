// The form block: a page shows one of the site's forms (built under /config/forms). Its settings
// are only the form's id; the storefront renders the form itself (app/forms, the shopper side).
import { z } from 'zod';

export const FORM_BLOCK_TEXT = {
  choose: 'Choose one of this site’s forms.',
  none: 'This site has no forms yet. Create one under Forms first.',
};

export const FormBlockSettings = z.object({
  formId: z.string({ required_error: FORM_BLOCK_TEXT.choose }).trim().min(1, FORM_BLOCK_TEXT.choose).max(80, FORM_BLOCK_TEXT.choose),
});
export type FormBlockSettings = z.infer<typeof FormBlockSettings>;
