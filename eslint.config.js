import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist', '.dist-*', 'data', '.test-data', 'node_modules', 'test-results', '.test-results-*',
      'playwright-report', 'bench/results', 'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into the server.
      'no-restricted-imports': ['error', { patterns: ['@server/*', '**/server/**'] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@server/*', '@web/*', '**/server/**', '**/web/**'] }],
    },
  },
  {
    // Features of the web app stay independent: shared code goes to components/ or lib/.
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../features/*', '@web/features/*'], message: 'No cross-feature imports; move shared code to components/ or lib/.' },
            { group: ['@server/*', '**/server/**'], message: 'The web app never imports server code.' },
          ],
        },
      ],
    },
  },
);
