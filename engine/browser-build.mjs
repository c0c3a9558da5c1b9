// Builds the browser entry (engine/browser.ts) with esbuild into one minified ES module, plus one
// module per @phensley/cldr locale pack that the entry imports on demand; reports their sizes.
// Usage: node engine/browser-build.mjs [OUT_DIR]   (default dist/engine-browser)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const DEFAULT_OUT_DIR = join(root, 'dist/engine-browser');

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/**
 * Builds into outDir: engine.js and locales/<language>.js. Returns the sizes in bytes: the entry
 * (raw, gzip; no locale data) and the English pack (raw, gzip) for comparison. `locales: false`
 * measures the English pack without writing any pack.
 */
export async function buildBrowserEngine(outDir = DEFAULT_OUT_DIR, { locales = true } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'locales'), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [join(root, 'engine/browser.ts')],
    outfile: join(outDir, 'engine.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
  });
  const entry = readFileSync(join(outDir, 'engine.js'));
  const packDir = dirname(require.resolve('@phensley/cldr/package.json')) + '/packs';
  let enPack = null;
  for (const f of readdirSync(packDir)) {
    if (!/^[a-z]{2,3}\.json$/.test(f)) continue;
    const json = readFileSync(join(packDir, f), 'utf8');
    // JSON.parse of a string literal is faster to load than the same object as a literal.
    const js = `export default JSON.parse(${JSON.stringify(json.trim())});\n`;
    if (locales) writeFileSync(join(outDir, 'locales', f.replace(/\.json$/, '.js')), js);
    if (f === 'en.json') enPack = { raw: js.length, gzip: gz(Buffer.from(js)) };
  }
  // Which packages the entry is made of, in minified bytes, for anyone trimming it.
  const inputs = {};
  for (const [file, v] of Object.entries(Object.values(result.metafile.outputs)[0].inputs)) {
    const key = file.replace(/^node_modules\/((@[^/]+\/)?[^/]+).*/, '$1').replace(/^engine\/(ts\/plugins|ts|wasm|assembly)\/.*/, 'engine/$1');
    inputs[key] = (inputs[key] ?? 0) + v.bytesInOutput;
  }
  return { outDir, entry: { raw: entry.length, gzip: gz(entry) }, enPack, inputs };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await buildBrowserEngine(process.argv[2] ? resolve(process.argv[2]) : undefined);
  const kb = (n) => (n / 1024).toFixed(1) + ' KB';
  console.log(`engine.js ${kb(r.entry.raw)} raw, ${kb(r.entry.gzip)} gzip (no locale data); en pack ${kb(r.enPack.raw)} raw, ${kb(r.enPack.gzip)} gzip`);
  for (const [k, v] of Object.entries(r.inputs).sort((a, b) => b[1] - a[1])) console.log(`  ${kb(v).padStart(9)}  ${k}`);
}
