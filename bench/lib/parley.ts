import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The stack's launcher (child process, orphan guard, health wait) is reused as is; the bench wants
// the child's pid for memory readings, which the full stack does not expose.
import { freePort, startParleyProcess } from '@parley/testkit';
import { ensureBuilds } from './web-dist.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BenchParley {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface BenchParleyOptions {
  /** Provider and limit variables on top of the bench defaults. */
  env?: Record<string, string>;
  /** A PostgreSQL database to use instead of the embedded PGlite. */
  databaseUrl?: string;
  /**
   * Writes a V8 CPU profile of the whole run into this directory when Parley exits; also set by
   * `BENCH_CPU_PROFILE_DIR`, to find where a missed target's time goes.
   */
  cpuProfileDir?: string;
  /** Appends Parley's process.memoryUsage() to this file every 100 ms (see memory-hook.mjs). */
  memoryLogFile?: string;
  /** A compiled server's main.js to run instead of this tree's build (an earlier build, to compare with in one run). */
  serverFile?: string;
}

/**
 * Parley as users run it: the compiled server (`npm start`'s build, redone when stale) as a
 * child process in production mode on PGlite in a fresh data directory (or on `databaseUrl`),
 * logging warnings only, listening on 127.0.0.1.
 */
export async function startBenchParley(options: BenchParleyOptions = {}): Promise<BenchParley> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    REGISTER_MAX: '10000',
    // Every bench client comes from 127.0.0.1 and sends far more than a person would: the abuse limits would refuse it.
    MESSAGE_IP_MAX: '1000000',
    MESSAGE_USER_MAX: '1000000',
    LOOKUP_MAX: '1000000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    CREDS_KEY: randomBytes(32).toString('hex'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const cpuProfileDir = options.cpuProfileDir ?? process.env.BENCH_CPU_PROFILE_DIR;
  const hooks: string[] = [];
  if (cpuProfileDir) {
    env.BENCH_CPU_PROFILE_DIR = path.resolve(cpuProfileDir);
    hooks.push('cpu-profile-hook.mjs');
  }
  if (options.memoryLogFile) {
    env.BENCH_MEMORY_LOG = options.memoryLogFile;
    hooks.push('memory-hook.mjs');
  }
  if (hooks.length > 0) env.NODE_OPTIONS = hooks.map((hook) => `--import ${pathToFileURL(path.join(here, hook)).href}`).join(' ');
  const output = prefixedOutput();
  try {
    ensureBuilds();
    // PGlite's start (its WebAssembly PostgreSQL and the migrations) takes minutes on a loaded shared machine.
    const parley = await startParleyProcess({ port, env, output, entry: 'build', serverFile: options.serverFile, startTimeoutMs: 300_000 });
    return {
      url,
      pid: parley.pid,
      async stop() {
        await parley.stop(15_000);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Passes Parley's warnings through, prefixed, so they are not mistaken for bench output. */
function prefixedOutput(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) process.stderr.write(`  [parley] ${line}\n`);
      done();
    },
  });
}
