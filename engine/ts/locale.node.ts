// Node's pack loader: reads @phensley/cldr resource packs from node_modules on first use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPackLoader } from './locale.js';

const require = createRequire(import.meta.url);
const packDir = require.resolve('@phensley/cldr/package.json').replace(/package\.json$/, 'packs/');

setPackLoader((lang) => JSON.parse(readFileSync(packDir + lang + '.json', 'utf8')));
