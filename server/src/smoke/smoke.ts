import { EnvError, parseEnv } from '../config/env.ts';
import { runSmoke, smokeTable } from './smoke-run.ts';

/**
 * `npm run smoke`: with the real keys of `.env` / the environment, one tiny streamed call per
 * configured endpoint and model; prints the table and exits 1 when any call failed.
 */
async function main() {
  const env = parseEnv();
  const rows = await runSmoke(env, { images: process.argv.includes('--images') });
  if (rows.length === 0) {
    console.log('No endpoint has a server key (X_API_KEY); nothing to check.');
    return;
  }
  console.log(smokeTable(rows));
  const failed = rows.filter((r) => r.result !== 'ok' && !r.result.startsWith('skipped'));
  console.log(`\n${rows.length - failed.length} of ${rows.length} ok`);
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
});
