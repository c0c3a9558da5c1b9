// Loads @phensley/cldr locale packs from node_modules for the oracle (Node only).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLDRFramework } from '@phensley/cldr';
const require = createRequire(import.meta.url);
const packDir = require.resolve('@phensley/cldr/package.json').replace(/package\.json$/, 'packs/');
export const framework = new CLDRFramework({
  loader: (lang: string) => JSON.parse(readFileSync(packDir + lang + '.json', 'utf8')),
});
