// Builds the browser entry (engine/browser.ts) with esbuild into minified ES modules: the entry, the
// locale runtime chunk it imports on demand, one module per locale pack and per time zone; reports sizes.
// Usage: node engine/browser-build.mjs [OUT_DIR]   (default dist/engine-browser)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const DEFAULT_OUT_DIR = join(root, 'dist/engine-browser');

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

const tzDataFile = require.resolve('@phensley/timezone').replace(/lib[\\/]index\.js$/, 'lib-es/autogen.zonedata.js');
const cldrCoreDir = dirname(
  require.resolve('@phensley/cldr-core/package.json', { paths: [dirname(require.resolve('@phensley/cldr/package.json'))] }),
);

/**
 * What the formatters import from @phensley/cldr by value, and the module that defines each. Through
 * the package's index they would bring the index's one statement (it registers the schema config)
 * and so the whole library into the entry; from these modules only what they need comes along.
 * The rest of the library is the chunk that engine/browser.ts imports on demand. A name missing
 * here fails the build ("No matching export").
 */
const ENTRY_CLDR = {
  Decimal: '@phensley/decimal',
  GregorianDate: join(cldrCoreDir, 'lib-es/systems/calendars/gregorian.js'),
};

const splitPlugin = (zoneids, links, index) => ({
  name: 'engine-browser-split',
  setup(build) {
    build.onResolve({ filter: /^@phensley\/cldr$/ }, (args) =>
      args.kind === 'import-statement' && /[\\/]engine[\\/]ts[\\/]/.test(args.importer)
        ? { path: 'entry-cldr', namespace: 'engine-browser' }
        : undefined,
    );
    build.onLoad({ filter: /^entry-cldr$/, namespace: 'engine-browser' }, () => ({
      contents: Object.entries(ENTRY_CLDR)
        .map(([name, from]) => `export { ${name} } from ${JSON.stringify(from)};`)
        .join('\n'),
      resolveDir: root,
      loader: 'js',
    }));
    // The packages under @phensley/cldr do nothing on import that the engine relies on, so unused
    // modules (LocaleMatcher and its tables, Rational...) may go; @phensley/cldr's own index is the
    // one with an effect (the config), and it stays.
    build.onResolve({ filter: /^@phensley\// }, async (args) => {
      if (args.pluginData === 'inner' || args.path === '@phensley/cldr') return undefined;
      const r = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'inner',
      });
      return r.errors.length > 0 ? { errors: r.errors } : { path: r.path, sideEffects: false };
    });
    // Time zone data: the table of ids, aliases and transition instants stays; each zone's own
    // records are fetched by loadTimeZone (engine/browser-zones.ts).
    build.onLoad({ filter: /[\\/]timezone[\\/]lib-es[\\/]autogen\.zonedata\.js$/ }, (args) => {
      if (args.path !== tzDataFile) return undefined;
      return {
        contents:
          `import { zoneInfoTable } from ${JSON.stringify(join(root, 'engine/browser-zones.ts'))};\n` +
          `export var rawdata = { zoneids: ${JSON.stringify(zoneids)}, links: ${JSON.stringify(links)}, index: ${JSON.stringify(index)}, zoneinfo: zoneInfoTable(${JSON.stringify(zoneids)}) };\n`,
        loader: 'js',
      };
    });
  },
});

/**
 * The table that the bundle's ES module holds, from the package's CommonJS build, evaluated anew:
 * TzImpl blanks the ids of the object it was built from, so a process that already formats dates
 * (a test beside the server's engine) has emptied the cached one.
 */
function freshZoneData() {
  const file = require.resolve('@phensley/timezone/lib/autogen.zonedata.js');
  const cached = require.cache[file];
  delete require.cache[file];
  try {
    return require(file).rawdata;
  } finally {
    if (cached) require.cache[file] = cached;
  }
}

/** Sum of raw and gzip sizes of output files (each compressed on its own, as served). */
function measure(outDir, files) {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const b = readFileSync(join(outDir, f));
    raw += b.length;
    gzip += gz(b);
  }
  return { raw, gzip, files };
}

/**
 * Builds into outDir: engine.js (the entry) with the chunks it imports, locales/<language>.js and
 * zones/<zone id>.js. Returns sizes in bytes: `entry` is everything a page loads before it can
 * render without locale data (engine.js and its static imports); `runtime` is what loadLocale adds
 * once; `enPack` the English pack; `zone` America/New_York. `locales: false` writes no pack or zone.
 */
export async function buildBrowserEngine(outDir = DEFAULT_OUT_DIR, { locales = true } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'locales'), { recursive: true });
  const rawdata = freshZoneData();
  if (!rawdata.zoneids.includes('America/New_York')) throw new Error('@phensley/timezone: no zone table');
  const result = await esbuild.build({
    entryPoints: [join(root, 'engine/browser.ts')],
    outdir: outDir,
    entryNames: 'engine',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
    plugins: [splitPlugin(rawdata.zoneids, rawdata.links, rawdata.index)],
  });

  // Which output files a page fetches: the entry and, transitively, its static imports; the
  // runtime is what the dynamic import adds to those.
  const outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([f, v]) => [basename(dirname(f)) === 'chunks' ? `chunks/${basename(f)}` : basename(f), v]),
  );
  const closure = (start, seen = new Set()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const i of outputs[start].imports) if (i.kind === 'import-statement') closure(`chunks/${basename(i.path)}`, seen);
    return seen;
  };
  const entryFiles = closure('engine.js');
  const dynamic = outputs['engine.js'].imports.filter((i) => i.kind === 'dynamic-import').map((i) => `chunks/${basename(i.path)}`);
  const runtimeFiles = new Set(dynamic.flatMap((d) => [...closure(d)]).filter((f) => !entryFiles.has(f)));

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
  let zone = null;
  rawdata.zoneids.split('|').forEach((id, i) => {
    const js = `export default ${JSON.stringify(rawdata.zoneinfo[i])};\n`;
    if (locales) {
      mkdirSync(dirname(join(outDir, 'zones', id)), { recursive: true });
      writeFileSync(join(outDir, 'zones', `${id}.js`), js);
    }
    if (id === 'America/New_York') zone = { raw: js.length, gzip: gz(Buffer.from(js)) };
  });

  // Which packages the entry is made of, in minified bytes, for anyone trimming it.
  const inputs = {};
  for (const f of entryFiles) {
    for (const [file, v] of Object.entries(outputs[f].inputs)) {
      const key = file
        .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*/, '$1')
        .replace(/^engine\/(ts\/plugins|ts|wasm|assembly)\/.*/, 'engine/$1');
      inputs[key] = (inputs[key] ?? 0) + v.bytesInOutput;
    }
  }
  return {
    outDir,
    entry: measure(outDir, [...entryFiles]),
    runtime: measure(outDir, [...runtimeFiles]),
    enPack,
    zone,
    inputs,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await buildBrowserEngine(process.argv[2] ? resolve(process.argv[2]) : undefined);
  const kb = (n) => (n / 1024).toFixed(1) + ' KB';
  console.log(`entry ${kb(r.entry.raw)} raw, ${kb(r.entry.gzip)} gzip (${r.entry.files.join(', ')}): no locale data`);
  console.log(
    `on demand: locale runtime ${kb(r.runtime.gzip)} gzip (${r.runtime.files.join(', ')}), once, with the first locale; ` +
      `en pack ${kb(r.enPack.gzip)} gzip; America/New_York ${r.zone.gzip} B gzip`,
  );
  for (const [k, v] of Object.entries(r.inputs).sort((a, b) => b[1] - a[1])) console.log(`  ${kb(v).padStart(9)}  ${k}`);
}
