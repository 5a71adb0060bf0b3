import path from 'node:path';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { runAdminCommand } from './services/users/admin-commands.ts';
import { AdminError } from './services/users/user-admin.ts';

/**
 * Operator commands on the configured database (DATABASE_URL, or the PGlite in DATA_DIR,
 * which only one process may open: stop the server first in that case).
 */
async function main() {
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') });
  try {
    console.log(await runAdminCommand(database.db, process.argv.slice(2), { publicUrl: env.PUBLIC_URL }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof EnvError || error instanceof AdminError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
