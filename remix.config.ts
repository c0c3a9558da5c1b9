// Remix options shared by every tool that builds the app: vite.config.ts passes them to the Remix
// Vite plugin (Remix on Vite reads no remix.config file itself; this one keeps the options at the top level).
import type { VitePluginConfig } from '@remix-run/dev';

export const remixOptions = {
  appDirectory: 'app',
  buildDirectory: 'build',
  serverModuleFormat: 'esm',
  // Tests and helpers never become routes.
  ignoredRouteFiles: ['**/*.test.*', '**/.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // Loaders return json() with explicit statuses and headers; single fetch changes that contract.
    v3_singleFetch: false,
  },
} satisfies VitePluginConfig;

export default remixOptions;
