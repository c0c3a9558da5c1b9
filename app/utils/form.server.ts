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
