import { Writable } from 'node:stream';
import { freePort, startParleyProcess, type ParleyProcess } from '@parley/testkit';
import { testEnv } from './app.ts';

export interface ParleyChild extends ParleyProcess {
  /** Kills the process at once (SIGKILL): nothing of it runs after, nothing is flushed. */
  kill(): Promise<void>;
}

/**
 * Parley as a separate process, for crash tests: with the test apps' secrets (so a token signed
 * by an in-process app is honoured), quiet unless it fails, on 127.0.0.1. `env` names its
 * database (DATA_DIR or DATABASE_URL), Redis and upstreams.
 */
export async function startParleyChild(env: Record<string, string>): Promise<ParleyChild> {
  const secrets = testEnv();
  const output = new Writable({ write: (_chunk, _encoding, done) => done() });
  const child = await startParleyProcess({
    port: await freePort(),
    output,
    // A first start on PGlite creates and migrates the database: tens of seconds on a busy machine.
    startTimeoutMs: 150_000,
    env: {
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://127.0.0.1:3080',
      REGISTER_MAX: '10000',
      JWT_SECRET: secrets.JWT_SECRET!,
      JWT_REFRESH_SECRET: secrets.JWT_REFRESH_SECRET!,
      CREDS_KEY: secrets.CREDS_KEY!,
      ...env,
    },
  });
  return {
    ...child,
    async kill() {
      process.kill(child.pid, 'SIGKILL');
      // Reaps the child and confirms it is gone.
      await child.stop(0);
    },
  };
}
