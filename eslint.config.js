import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'server/src/db/migrations/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Boundaries: core imports neither server nor web.
    files: ['packages/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@parley/server', '@parley/web', '**/server/**', '**/web/**'] }] },
  },
  ...workspaceBoundaries(),
  {
    // Inside the server, only http/ and routes/ know HTTP: the layers below them never reach up.
    // (Tests may wire the layers together, e.g. drive a service through its route.)
    files: ['server/src/{app,services,providers,streams,limiter}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/**', '**/routes/**'], message: 'Only http/ and routes/ know HTTP; move what both need to app/ or services/.' }] },
      ],
    },
  },
);

/**
 * Each workspace uses another only through its package entry (`@parley/<name>` or a subpath its
 * package.json exports), never by a path into its folder: that is how `src/test` and other
 * internals stay private to their workspace.
 */
function workspaceBoundaries() {
  const workspaces = { server: 'server', web: 'web', testkit: 'testkit', bench: 'bench', e2e: 'e2e', core: 'packages/core' };
  return Object.entries(workspaces)
    .filter(([name]) => name !== 'core')
    .map(([name, dir]) => {
      const others = Object.entries(workspaces).filter(([other]) => other !== name).map(([, otherDir]) => otherDir);
      return {
        files: [`${dir}/**/*.{ts,tsx,mjs}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  // A relative path that climbs into another workspace, or a path inside a package.
                  regex: `^(\\.\\./)+(${others.join('|')})/|^@parley/[^/]+/src/`,
                  message: 'Import another workspace through its package entry (@parley/<name> or a subpath it exports), not a path into its folder.',
                },
              ],
            },
          ],
        },
      };
    });
}
