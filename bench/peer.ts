// The published @squarespace/template-engine (with @phensley/cldr, locale en), used only by the
// bench as the peer we measure ourselves against, in the same process.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { CLDRFramework } from '@phensley/cldr';

const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine');
const packDir = require.resolve('@phensley/cldr/package.json').replace(/package\.json$/, 'packs/');
const framework = new CLDRFramework({ loader: (lang: string) => JSON.parse(readFileSync(packDir + lang + '.json', 'utf8')) });
const cldr = framework.get('en');
const compiler = new Compiler();

export type PeerCode = unknown;

export function peerCompile(source: string): PeerCode {
  return compiler.parse(source).code;
}

export function peerRender(code: PeerCode, json: unknown, partials: Record<string, PeerCode | string>): string {
  const { ctx } = compiler.execute({ code, json, partials, cldr, enableExpr: true, enableInclude: true, now: 0 });
  return ctx.render();
}
