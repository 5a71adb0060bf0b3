import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const httpLayers = { group: ['**/http/**', '**/routes/**'], message: 'Only http/ and routes/ know HTTP; move what both need to app/ or services/.' };
const fastifyPackages = { group: ['fastify', '@fastify/*'], message: 'Services return what to set; routes and server/src/http speak Fastify.' };
const workspaces = { server: 'server', web: 'web', testkit: 'testkit', bench: 'bench', e2e: 'e2e', core: 'packages/core' };
/** Tests, browser journeys and the helpers they share. */
const testFiles = ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'server/src/test-support/**/*.ts'];
const waitInstead = 'wait on a condition (waitUntil from @parley/testkit, vi.waitFor, expect.poll, a locator\'s auto-wait) or move an injected clock (vi.useFakeTimers, page.clock)';
const noSleeps = [
  { selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']", message: `No sleeps in tests: ${waitInstead}.` },
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: `No page.waitForTimeout in tests: ${waitInstead}.` },
  { selector: "ImportDeclaration[source.value=/timers\\/promises$/]", message: `No timers/promises in tests: ${waitInstead}.` },
];

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
  { files: ['web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
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
    // No sleeps in tests: a test waits on a condition or moves an injected clock, never for time to pass.
    files: testFiles,
    ignores: ['testkit/src/wait-until.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noSleeps] },
  },
  // Inside the server, only http/ and routes/ know HTTP: the layers below them never reach up, and
  // services, providers and app/ return what to set instead of speaking Fastify. (Tests may wire
  // the layers together, e.g. drive a service through its route.) ESLint keeps only the last
  // no-restricted-imports of a file, so each block repeats the workspace boundary.
  {
    files: ['server/src/{streams,limiter}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern('server'), httpLayers] }] },
  },
  {
    files: ['server/src/{app,services,providers}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern('server'), httpLayers, fastifyPackages] }] },
  },
);

/** A relative path that climbs into another workspace, or a path inside a package. */
function workspacePattern(name) {
  const others = Object.entries(workspaces).filter(([other]) => other !== name).map(([, dir]) => dir);
  return {
    regex: `^(\\.\\./)+(${others.join('|')})/|^@parley/[^/]+/src/`,
    message: 'Import another workspace through its package entry (@parley/<name> or a subpath it exports), not a path into its folder.',
  };
}

/**
 * Each workspace uses another only through its package entry (`@parley/<name>` or a subpath its
 * package.json exports), never by a path into its folder: that is how `src/test-support` and other
 * internals stay private to their workspace.
 */
function workspaceBoundaries() {
  return Object.entries(workspaces)
    .filter(([name]) => name !== 'core')
    .map(([name, dir]) => ({
      files: [`${dir}/**/*.{ts,tsx,mjs}`],
      rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern(name)] }] },
    }));
}
