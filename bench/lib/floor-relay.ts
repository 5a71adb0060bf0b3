import { fork } from 'node:child_process';
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
  const child = fork(entry, {
    env: { PATH: process.env.PATH ?? '', FLOOR_UPSTREAM: upstream, PORT: String(port) },
    execArgv: ['--import', import.meta.resolve('tsx/esm')],
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
      child.kill();
      await exited;
    },
  };
}
