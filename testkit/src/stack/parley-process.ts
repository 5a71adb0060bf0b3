import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { repoRoot, serverEntry } from '../../../scripts/builds.mjs';
import { waitUntil } from '../wait-until.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export { repoRoot };

export interface ParleyProcessOptions {
  port: number;
  /** The complete environment of the child; nothing is inherited beyond PATH, HOME and TMPDIR. */
  env: Record<string, string>;
  /** How long to wait for `/api/health/ready` to answer 200 (migrations applied). */
  startTimeoutMs?: number;
  /** Where the child's output goes; the last lines are also kept for error messages. */
  output?: NodeJS.WritableStream;
  /**
   * `build` runs the compiled server that `npm start` runs (server/dist, from `npm run build`);
   * `source` compiles the TypeScript as it loads (tsx), for tests that run without a build.
   * Default: `PARLEY_SERVER_ENTRY` when it says `build`, else `source`.
   */
  entry?: ServerEntry;
  /** With `build`: another compiled server's main.js to run (a bench comparing an earlier build); server/dist's by default. */
  serverFile?: string;
}

type ServerEntry = 'source' | 'build';

export interface ParleyProcess {
  url: string;
  pid: number;
  /** SIGTERM, then SIGKILL when the child has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const keptLines = 40;

const entryArgs: Record<ServerEntry, (serverFile?: string) => string[]> = {
  source: () => ['--import', 'tsx', '--import', path.join(here, 'orphan-guard.mjs'), path.join(repoRoot, 'server/src/main.ts')],
  build: (serverFile = serverEntry) => ['--import', path.join(here, 'orphan-guard.mjs'), serverFile],
};

/**
 * Runs the server as a child process: testkit must not import server code, and a real process
 * is also what users run. Resolves once the health check passes.
 */
export async function startParleyProcess(options: ParleyProcessOptions): Promise<ParleyProcess> {
  const { port, startTimeoutMs = 60_000, output = process.stderr } = options;
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
  );
  const entry = options.entry ?? (process.env.PARLEY_SERVER_ENTRY === 'build' ? 'build' : 'source');
  const child = spawn(
    process.execPath,
    entryArgs[entry](options.serverFile),
    { cwd: repoRoot, env: { ...inherited, ...options.env, PORT: String(port) }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const recent: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output.write(chunk);
      recent.push(...chunk.toString().split('\n').filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - keptLines));
    });
  }

  const url = `http://127.0.0.1:${port}`;
  const stop = (graceMs = 5000) => stopChild(child, graceMs);
  try {
    await waitForHealth(url, child, startTimeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- last output of Parley ---\n${recent.join('\n')}`);
  }
  return { url, pid: child.pid!, stop };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const ready = () =>
    fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
  await waitUntil(async () => exited() || (await ready()), { timeout: timeoutMs, interval: 200, what: `Parley ready at ${url}/api/health/ready` });
  if (exited()) throw new Error(`Parley exited during start (${child.exitCode ?? child.signalCode})`);
}

async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const within = (ms: number) =>
    Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
  child.kill('SIGTERM');
  if (await within(graceMs)) return;
  child.kill('SIGKILL');
  await within(2000);
}
