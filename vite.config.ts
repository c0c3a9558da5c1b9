// Vite 6 build of the Remix app. Under Vitest the Remix plugin stays out (it injects the React
// refresh preamble and fails tests with $RefreshSig$ errors); plain React is enough there.
import { vitePlugin as remix } from '@remix-run/dev';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remixOptions } from './remix.config';

export default defineConfig({
  plugins: [process.env.VITEST ? react() : remix(remixOptions)],
  server: { port: Number(process.env.PORT) || 3000 },
  build: { target: 'es2022' },
  ssr: {
    // Native/wasm-bearing database packages load from node_modules at run time, never bundled.
    external: ['postgres', '@electric-sql/pglite', '@electric-sql/pglite-socket'],
  },
});
