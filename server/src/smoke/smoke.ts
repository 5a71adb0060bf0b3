import { EnvError, parseEnv } from '../config/env.ts';
import { isFailed, runSmoke, smokeReport, smokeTable } from './smoke-run.ts';

/**
 * `npm run smoke`: with the real keys of `.env` / the environment, one tiny streamed call per
 * configured endpoint and model (`--images` draws with the image models too; `--deep` also
 * checks vision, tools and drawing once per endpoint); prints the table, what each failed call
 * got from its upstream, and exits 1 when any call failed.
 */
async function main() {
  const env = parseEnv();
  const rows = await runSmoke(env, { images: process.argv.includes('--images'), deep: process.argv.includes('--deep') });
  if (rows.length === 0) {
    console.log('No endpoint has a server key (X_API_KEY); nothing to check.');
    return;
  }
  console.log(smokeTable(rows));
  console.log(`\n${smokeReport(rows)}`);
  if (rows.some(isFailed)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
});
