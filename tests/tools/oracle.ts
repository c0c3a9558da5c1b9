// Developer tool: runs the published @squarespace/template-engine as a black-box oracle.
// Usage: tsx tests/tools/oracle.ts CASEFILE            (renders a conformance case)
//        tsx tests/tools/oracle.ts -t TEMPLATE -j JSON [-l LOCALE] [-p PARTIALS_JSON]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { framework } from './oracle-cldr.js';
import { parseCase } from '../conformance/cases.js';

const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine');

export function oracleRender(
  template: string,
  json: unknown,
  opts: {
    locale?: string | null;
    now?: number | null;
    include?: boolean;
    partials?: Record<string, string>;
    injects?: Record<string, string>;
  } = {},
) {
  const compiler = new Compiler();
  const { code, errors: parseErrors } = compiler.parse(template);
  const cldr = opts.locale === null ? undefined : framework.get(opts.locale ?? 'en');
  const { ctx, errors } = compiler.execute({
    code,
    json,
    cldr,
    now: opts.now ?? undefined,
    enableExpr: true,
    enableInclude: opts.include ?? true,
    partials: opts.partials ?? {},
    injects: opts.injects ?? {},
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- errors of either engine, of no common type
  return { output: ctx.render(), errors: [...parseErrors, ...errors].map((e: any) => e.message ?? String(e)) };
}

if (process.argv[1] && process.argv[1].endsWith('oracle.ts')) {
  const args = process.argv.slice(2);
  if (args[0] === '-t') {
    const get = (f: string) => {
      const i = args.indexOf(f);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const r = oracleRender(get('-t')!, JSON.parse(get('-j') ?? '{}'), {
      locale: get('-l') ?? 'en',
      partials: get('-p') ? JSON.parse(get('-p')!) : undefined,
    });
    process.stdout.write(r.output + '\n');
    if (r.errors.length) console.error('ERRORS:', JSON.stringify(r.errors, null, 1));
  } else {
    const c = parseCase(args[0], readFileSync(args[0], 'utf8'));
    const r = oracleRender(c.template, c.json, { ...c.options, partials: c.partials, injects: c.injects });
    process.stdout.write(r.output + '\n');
    if (r.errors.length) console.error('ERRORS:', JSON.stringify(r.errors, null, 1));
    console.error(r.output.trim() === c.output.trim() ? 'MATCHES expected' : 'DIFFERS from expected');
  }
}
