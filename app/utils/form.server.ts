// Reads a page form post into plain string fields, refusing what no field of ours can hold:
// NUL characters (PostgreSQL text cannot store them) and files where text is expected.
export type FormFields = Record<string, string>;

/** The posted fields (the last value of a repeated name wins), or null when the body is not a clean form. */
export async function readFormFields(request: Request): Promise<FormFields | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const out: FormFields = {};
  for (const [k, v] of form) {
    if (typeof v !== 'string' || k.includes('\u0000') || v.includes('\u0000')) return null;
    out[k] = v;
  }
  return out;
}

/** The name prefix of a product option's field in a cart form: `option.Size`, `option.Color`. */
export const OPTION_FIELD = 'option.';
const OPTION_NAME_MAX = 64;
const OPTION_VALUE_MAX = 128;
const OPTIONS_MAX = 20;

/**
 * The product options a cart form posted (`option.<Name>` fields): `posted` when the form had
 * any option field at all, `options` the chosen ones (an empty value is "not chosen"); null when
 * there are too many or one is too long to be an option (as the page's query is read).
 */
export function readOptionFields(fields: FormFields): { posted: boolean; options: Record<string, string> } | null {
  const chosen: [string, string][] = [];
  let posted = false;
  let count = 0;
  for (const [key, value] of Object.entries(fields)) {
    if (!key.startsWith(OPTION_FIELD)) continue;
    const name = key.slice(OPTION_FIELD.length);
    if (name === '' || name.length > OPTION_NAME_MAX || value.length > OPTION_VALUE_MAX || ++count > OPTIONS_MAX) return null;
    posted = true;
    if (value !== '') chosen.push([name, value]);
  }
  // Own properties only, whatever the names ("__proto__" included).
  return { posted, options: Object.fromEntries(chosen) };
}
