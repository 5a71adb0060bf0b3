import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const httpLayers = { group: ['**/http/**', '**/routes/**'], message: 'Only http/ and routes/ (and root/, which wires them) know HTTP; move what both need to app/ or services/.' };
const compositionRoot = { group: ['**/root/**'], message: 'root/ wires the layers; only main.ts and the test app import it.' };
const fastifyPackages = { group: ['fastify', '@fastify/*'], message: 'Services return what to set; routes and server/src/http speak Fastify.' };
const aboveBase = {
  group: ['**/services/**', '**/providers/**', '**/streams/**', '**/limiter/**', '**/presenters/**', '**/admin/**', '**/smoke/**'],
  message: 'app/, config/, db/ and net/ are the bottom layer: a part of the AppContext declares its field beside itself (declare module), types go down, nothing here names what sits above.',
};
/** The web's layers, top to bottom: app/, routes/ and boot.tsx; features/; state/ and components/ (side by side); locales/; api/. */
const webAbove = {
  features: { group: ['**/features/**'], message: 'Features sit above this layer; move what a feature and this layer both need down (state/, components/, api/).' },
  pages: { group: ['**/app/**', '**/routes/**', '**/boot.tsx', '**/main.tsx'], message: 'app/, routes/ and boot.tsx compose the features; nothing below them imports them.' },
  state: { group: ['**/state/**'], message: 'state/ sits above this layer (UI primitives take what they show as props).' },
  components: { group: ['**/components/**'], message: 'state/ and the layers below it hold no UI: the component belongs in a feature.' },
  locales: { group: ['**/locales/**'], message: 'locales/ sits above api/.' },
};
const webLayers = {
  features: [webAbove.pages],
  state: [webAbove.pages, webAbove.features, webAbove.components],
  components: [webAbove.pages, webAbove.features, webAbove.state],
  locales: [webAbove.pages, webAbove.features, webAbove.state, webAbove.components],
  api: [webAbove.pages, webAbove.features, webAbove.state, webAbove.components, webAbove.locales],
};
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
  // Inside the server the layers only point down: root/ (the composition root) wires http/ and
  // routes/, which alone speak Fastify; everything below them returns what to set instead and
  // never reaches up. Only the process entry and the test app import root/. (Tests may wire the
  // layers together, e.g. drive a service through its route.) ESLint keeps only the last
  // no-restricted-imports of a file, so each block repeats the workspace boundary.
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/{http,routes,root,test-support,security}/**', 'server/src/{main,testing}.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern('server'), httpLayers, fastifyPackages, compositionRoot] }] },
  },
  {
    files: ['server/src/{http,routes}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern('server'), compositionRoot] }] },
  },
  {
    // The bottom layer imports nothing above it, type imports included.
    files: ['server/src/{app,config,db,net}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern('server'), httpLayers, fastifyPackages, compositionRoot, aboveBase] }] },
  },
  // The web's layers point down the same way (docs/architecture.md); that the feature folders
  // import each other one way only, with no circle, is checked by web/feature-graph.test.ts.
  ...Object.entries(webLayers).map(([layer, above]) => ({
    files: [`web/src/${layer}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workspacePattern('web'), ...above] }] },
  })),
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
