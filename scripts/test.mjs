// `npm test`: typecheck, lint, unit + integration tests (PGlite and PostgreSQL), then the browser journeys.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and integration', ['run', 'test:unit']],
  ['end-to-end', ['run', 'test:e2e']],
];
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all test steps passed');
