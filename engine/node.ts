// Node entry point of the engine: the public API with locale packs read from node_modules.
import './ts/locale.node.js';

export * from './index.js';
