// `npm test`: typecheck, lint, unit + integration tests (PGlite and PostgreSQL), then the browser
// journeys; ends with one line of totals counted from both runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'playwright-report');
const unitReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'results.json');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration', ['run', 'test:unit', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]],
  ['end-to-end', ['run', 'test:e2e']],
];

function totals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(unitReport)) {
    const unit = JSON.parse(readFileSync(unitReport, 'utf8'));
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  }
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    console.log(totals());
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all test steps passed');
console.log(totals());
