// Node's locale runtime: @phensley/cldr imported at once, its resource packs read from node_modules
// on first use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLDRFramework } from '@phensley/cldr';
import { setCldrFramework, setPackLoader } from './locale.js';

const require = createRequire(import.meta.url);
const packDir = require.resolve('@phensley/cldr/package.json').replace(/package\.json$/, 'packs/');

setCldrFramework(CLDRFramework);
setPackLoader((lang) => JSON.parse(readFileSync(packDir + lang + '.json', 'utf8')));
