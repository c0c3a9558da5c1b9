// ESLint (flat config): typescript-eslint's recommended rules for all TypeScript, React hooks and
// jsx-a11y for the app's components. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'dist/**',
      'node_modules/**',
      'engine/assembly/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '.data/**',
      // Files a test writes for a moment while lint runs beside it (tests/run.mjs runs both at once).
      '.tmp-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The environment is read in one place (db/env.server.ts, typed and validated; the app imports it
    // as app/utils/env.server.ts), which also hands the server's checked configuration to the Remix build.
    files: ['app/**/*.{ts,tsx}', 'db/**/*.ts'],
    ignores: ['db/env.server.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment through app/utils/env.server.ts (db/: db/env.server.ts), env() or its readers.',
        },
      ],
    },
  },
);
