// `npm test`: typecheck, lint, unit + integration tests (PGlite and PostgreSQL), then the browser
// journeys; ends with one line of totals counted from both runners' JSON reports. Fails when the run
// changed the work tree (a test writing into a tracked or unignored file), naming the files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { countTotals, formatTotals } from './test-totals.mjs';
import { changedPaths, snapshotTree } from './tree-changes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'playwright-report');
const unitReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'results.json');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const treeBefore = snapshotTree(root);

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration', ['run', 'test:unit', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]],
  ['end-to-end', ['run', 'test:e2e']],
];

function totals() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
  return countTotals(read(unitReport), read(e2eReport));
}

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    console.log(formatTotals(totals()));
    process.exit(result.status ?? 1);
  }
}
const changed = changedPaths(treeBefore, snapshotTree(root));
if (changed.length > 0) {
  console.error(`\n✖ the tests changed files git tracks or does not ignore (write test output under an ignored folder):\n  ${changed.join('\n  ')}`);
  console.log(formatTotals(totals()));
  process.exit(1);
}
// Playwright exits 0 when a retry passed; the totals count that test as failed, and so does the exit code.
const final = totals();
if (final.failed > 0) {
  console.error(`\n✖ ${final.failed} test(s) failed`);
  console.log(formatTotals(final));
  process.exit(1);
}
console.log('\n✔ all test steps passed');
console.log(formatTotals(final));
