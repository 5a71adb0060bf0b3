import { existsSync } from 'node:fs';
import path from 'node:path';
import { NoServerError, sendAdminCommand } from './admin/admin-client.ts';
import { adminSocketPath } from './admin/admin-socket-path.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './app/logger.ts';
import { createServiceAccountTokens } from './providers/google/service-account.ts';
import { createChannels } from './services/channels/create-channels.ts';
import { ChannelFileError } from './services/channels/channel-file.ts';
import { loadChannels } from './services/channels/load-channels.ts';
import { runAdminCommand } from './services/users/admin-commands.ts';
import { AdminError } from './services/users/user-admin.ts';

/**
 * `npm run admin -- <command>`: operator commands. While the server runs they go to it over its
 * admin socket in DATA_DIR (the embedded PGlite can only be opened by one process); with no
 * server running, the command opens the configured database itself.
 */
async function main() {
  // The same `.env` as `npm start`; variables already in the environment win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = parseEnv();
  const argv = process.argv.slice(2);
  try {
    const response = await sendAdminCommand(adminSocketPath(env.DATA_DIR), argv);
    if (!response.ok) throw new AdminError(response.error);
    console.log(response.output);
    return;
  } catch (error) {
    if (!(error instanceof NoServerError)) throw error;
  }
  // The channel commands read the same configuration and stored states the server would; a bad file stops them here.
  const configured = argv[0]?.startsWith('channel:') ? loadChannels(env) : undefined;
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite') });
  const log = createLogger({ ...env, LOG_LEVEL: 'warn' });
  const channels = configured && createChannels({ env, db: database.db, log, serviceAccountTokens: createServiceAccountTokens(), channels: configured });
  try {
    await channels?.start();
    console.log(await runAdminCommand(database.db, argv, { publicUrl: env.PUBLIC_URL, startBalance: env.START_BALANCE, channels }));
  } finally {
    await channels?.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof EnvError || error instanceof AdminError || error instanceof ChannelFileError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
