import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, parseEnv } from './config/env.ts';
import { applyHeapGrowth } from './config/heap-growth.ts';
import { loadSecrets } from './config/secrets.ts';
import { openDatabase } from './db/client.ts';
import { createAppContext } from './root/create-context.ts';
import { createLogger } from './app/logger.ts';
import { createReadiness } from './app/readiness.ts';
import { createRedisOutage } from './app/redis-outage.ts';
import { buildApp } from './root/build-app.ts';
import { startAdminChannel } from './admin/admin-channel.ts';
import { adminSocketPath } from './admin/admin-socket-path.ts';
import { createLimiter } from './limiter/limiter.ts';
import { startFileSweeper } from './services/files/orphan-sweeper.ts';
import { startKeySweeper } from './services/keys/key-sweeper.ts';
import { promoteAdminEmails } from './services/users/user-admin.ts';
import { startUsageSweeper } from './services/usage-records/usage-sweeper.ts';
import { createMailer } from './services/mail/mailer.ts';
import { ChannelFileError } from './services/channels/channel-file.ts';
import { createStreamRegistry } from './streams/create-registry.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = parseEnv();
  applyHeapGrowth(env.HEAP_GROWTH_PERCENT);
  // ADMIN_PASSWORD is kept hashed in `env`; its plain text leaves the process's environment.
  delete process.env.ADMIN_PASSWORD;
  const secrets = loadSecrets(env);
  // The server listens before the migrations run, answering readiness 503 until they are done.
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pglite'), migrate: false });
  const readiness = createReadiness(false);
  const log = createLogger(env);
  // Rate limits and streams share one Redis: its outage is logged once, not per connection.
  const redisOutage = createRedisOutage(log);
  const limiter = createLimiter(env, redisOutage);
  const mailer = createMailer(env);
  const streams = createStreamRegistry(env, log, redisOutage);
  const ctx = createAppContext({
    env,
    log,
    secrets,
    db: database.db,
    limiter,
    streams,
    mailer,
    readiness,
    webDist: path.resolve(here, '../../web/dist'),
  });
  const app = await buildApp(ctx);
  let stopKeySweeper = () => {};
  let stopAdminChannel = async () => {};
  let stopFileSweeper = () => {};
  let stopUsageSweeper = () => {};
  const shutdown = async () => {
    stopKeySweeper();
    stopFileSweeper();
    stopUsageSweeper();
    await stopAdminChannel();
    await app.close();
    await ctx.channels.close();
    await ctx.businessSettings.close();
    mailer?.close();
    await limiter.close();
    await streams.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Parley is listening on http://localhost:${env.PORT} (database: ${database.kind}); applying migrations`);
  await database.migrate();
  await ctx.channels.start();
  await ctx.businessSettings.start();
  const promoted = await promoteAdminEmails(database.db, env.ADMIN_EMAILS);
  if (promoted > 0) app.log.info(`ADMIN_EMAILS: ${promoted} account(s) made admins`);
  readiness.markReady();
  app.log.info('Database migrations applied; ready');
  stopAdminChannel = await startAdminChannel(ctx, adminSocketPath(env.DATA_DIR));
  stopKeySweeper = startKeySweeper(database.db, {
    onSwept: (count) => app.log.info(`Deleted ${count} expired user key(s)`),
    onError: (error) => app.log.error({ err: error }, 'expired user key sweep failed'),
  });
  stopFileSweeper = startFileSweeper(ctx);
  stopUsageSweeper = startUsageSweeper(ctx);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof ChannelFileError ? error.message : error);
  process.exit(1);
});
