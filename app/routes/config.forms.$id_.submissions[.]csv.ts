// /config/forms/<id>/submissions.csv: every submission of a form as a CSV download (UTF-8 with a
// BOM; field titles, Submitted at, Page; cells quoted and safe from formula injection).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { ownerAccess } from '../config/route-access.server.js';
import { formById, FORM_TEXT } from '../forms/forms.server.js';
import { submissionsCsv } from '../forms/submissions.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'forms.read');
  const form = await formById(a.sql, a.site.id, args.params.id ?? '');
  if (!form) throw json({ error: FORM_TEXT.notFound }, { status: 404 });
  const file = `${
    form.name
      .replace(/[^A-Za-z0-9 _-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'form'
  }-submissions.csv`;
  return new Response(submissionsCsv(a.sql, form.id, form.fields), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
