// What a browser without JavaScript posts for a form of a served page: its inputs, text areas and
// selects as drawn (checked boxes only, the selected option), so a test saves a form as an owner
// would, hidden fields (such as the version it was loaded at) included.

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) out[m[1].toLowerCase()] = decode(m[2] ?? '');
  return out;
}

/** The fields of the form with id `formId` in `html` (or of its first form), in document order. */
export function formFields(html: string, formId?: string): [string, string][] {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const form = formId ? forms.find((f) => attrs(f[1]).id === formId) : forms[0];
  if (!form) throw new Error(`no form ${formId ?? ''} in the page`);
  const out: [string, string][] = [];
  const re = /<input\b([^>]*)>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g;
  for (const m of form[2].matchAll(re)) {
    if (m[1] !== undefined) {
      const a = attrs(m[1]);
      const type = (a.type ?? 'text').toLowerCase();
      if (!a.name || 'disabled' in a || ['submit', 'button', 'image', 'reset', 'file'].includes(type)) continue;
      if ((type === 'checkbox' || type === 'radio') && !('checked' in a)) continue;
      out.push([a.name, a.value ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')]);
    } else if (m[2] !== undefined) {
      const a = attrs(m[2]);
      // The HTML parser drops one newline right after <textarea>.
      if (a.name && !('disabled' in a)) out.push([a.name, decode(m[3].replace(/^\n/, ''))]);
    } else {
      const a = attrs(m[4]);
      if (!a.name || 'disabled' in a) continue;
      const options = [...m[5].matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)].map((o) => ({ a: attrs(o[1]), text: o[2] }));
      const chosen = options.find((o) => 'selected' in o.a) ?? options[0];
      if (chosen) out.push([a.name, chosen.a.value ?? decode(chosen.text)]);
    }
  }
  return out;
}

/** `fields` with `name` set to `value` (added when missing). */
export function withField(fields: [string, string][], name: string, value: string): [string, string][] {
  const out = fields.map(([k, v]): [string, string] => [k, k === name ? value : v]);
  if (!out.some(([k]) => k === name)) out.push([name, value]);
  return out;
}
