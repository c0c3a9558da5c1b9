// CLI: npm run conformance -- [DIR|FILE] [--backend ts|wasm] [-v]
// Prints one line per failing case with a short diff, then `N passed, N failed`; exit 1 on failure.
import { DEFAULT_CASES_DIR, loadCases } from './cases.js';
import { runCase, shortDiff } from './runner.js';
import type { Backend } from '../../engine/node.js';

const argv = process.argv.slice(2);
let target = DEFAULT_CASES_DIR;
let backend: Backend = 'ts';
let verbose = false;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--backend') backend = argv[++i] as Backend;
  else if (argv[i] === '-v' || argv[i] === '--verbose') verbose = true;
  else target = argv[i];
}
if (backend !== 'ts' && backend !== 'wasm') {
  console.error(`unknown backend ${backend}: use ts or wasm`);
  process.exit(2);
}

const cases = loadCases(target);
if (cases.length === 0) {
  console.error(`no conformance cases found at ${target}`);
  process.exit(1);
}
let passed = 0;
let failed = 0;
for (const c of cases) {
  const r = runCase(c, backend);
  if (r.pass) {
    passed++;
    continue;
  }
  failed++;
  console.log(`FAIL ${c.name}: ${shortDiff(c.output, r.output)}`);
  if (r.errors.length) console.log(`    errors: ${r.errors.slice(0, 5).join(' | ')}`);
  if (verbose) console.log(`---- actual ----\n${r.output}\n---- expected ----\n${c.output}\n----`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
