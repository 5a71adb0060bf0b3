import { fork } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@parley/testkit';

export interface FloorRelay {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts floor-relay-server.ts as its own process, relaying to the Chat Completions API at `upstream` (…/v1). */
export async function startFloorRelay(upstream: string): Promise<FloorRelay> {
  const port = await freePort();
  const entry = new URL('./floor-relay-server.ts', import.meta.url);
  // Profiled as Parley is (BENCH_CPU_PROFILE_DIR), so the two profiles can be compared.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profile = profileDir
    ? { env: { BENCH_CPU_PROFILE_DIR: path.resolve(profileDir), BENCH_CPU_PROFILE_NAME: 'floor-relay' }, args: ['--import', import.meta.resolve('./cpu-profile-hook.mjs')] }
    : { env: {}, args: [] };
  const child = fork(entry, {
    env: { PATH: process.env.PATH ?? '', FLOOR_UPSTREAM: upstream, PORT: String(port), ...profile.env },
    execArgv: ['--import', import.meta.resolve('tsx/esm'), ...profile.args],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the floor relay did not start within 30 s')), 30_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`the floor relay exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Disconnecting lets it exit on its own (and write its profile); a kill only if it does not.
      child.disconnect();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
