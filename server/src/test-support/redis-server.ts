import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { waitUntil } from '@parley/testkit';
import { createServer, Socket } from 'node:net';

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  }).finally(() => undefined);

/**
 * A redis-server of the test's own, without persistence, that the test can kill (and start
 * again on the same port) to see what the app does while Redis is away.
 */
export async function startRedisServer(port?: number) {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  await waitUntil(async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited before it listened on port ${chosen}`);
    return accepts(chosen);
  }, { timeout: 10_000, what: `redis-server listening on port ${chosen}` });
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    /** SIGKILL, as a crash or an OOM kill would end it; resolves once the process is gone. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
