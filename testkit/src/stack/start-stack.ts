import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { settleWithin } from './bounded.ts';
import { startControlServer } from './control-server.ts';
import { startParleyProcess } from './parley-process.ts';
import { startPeers, type StackPeers } from './peers.ts';

export interface StackOptions {
  /** Parley's port on 127.0.0.1. */
  port: number;
  /** The control API's port; 0 (the default) picks a free one. */
  controlPort?: number;
  /** Kept after stop when given; otherwise a fresh temp dir, so PGlite starts empty, removed on stop. */
  dataDir?: string;
  /** Overrides and additions to the stack's environment for Parley (e.g. `ALLOW_REGISTRATION: 'false'`). */
  env?: Record<string, string>;
  /** Where Parley's output goes (default: this process's stderr). */
  output?: NodeJS.WritableStream;
  /** How long Parley may take to be ready (a first start migrates PGlite: slow on a busy machine). */
  startTimeoutMs?: number;
}

export interface Stack {
  /** Parley, e.g. `http://127.0.0.1:3190`. */
  url: string;
  /** The control API (see control-server.ts). */
  controlUrl: string;
  dataDir: string;
  /** The in-process peers, for callers in this process. */
  peers: StackPeers;
  /** Stops Parley, the control API and every peer; bounded, safe to call twice. */
  stop(): Promise<void>;
  /** Stops Parley and starts it again on the same port, data and environment (a server restart); the peers stay. */
  restartParley(): Promise<void>;
}

/**
 * The environment every stack gives Parley besides its peers'. The login limit stays at the real
 * 7 per 5 minutes; tests get their own client address through X-Forwarded-For (TRUST_PROXY), so
 * each test starts with a fresh budget. Registration is limited per address too, but a test run
 * registers far more than 5 accounts, so that limit is raised. The keys a test user imports point
 * at the fakes on 127.0.0.1 over http (a service account's token_uri), which Parley refuses by
 * default: this stack, and only it, lets user-supplied addresses reach them.
 */
const baseEnv = {
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
  LOGIN_MAX: '7',
  REGISTER_MAX: '10000',
  OUTBOUND_UNSAFE_ALLOW_ALL: 'true',
};

/** Starts the testkit peers in this process and Parley as a child process wired to them. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const url = `http://127.0.0.1:${options.port}`;
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : mkdtempSync(path.join(tmpdir(), 'parley-stack-'));
  const removeDataDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const peers = await startPeers(options.env?.PUBLIC_URL ?? url);
  let control: Awaited<ReturnType<typeof startControlServer>> | undefined;
  try {
    control = await startControlServer(peers, { port: options.controlPort ?? 0, appUrl: url });
    const processOptions = {
      port: options.port,
      env: { ...baseEnv, DATA_DIR: dataDir, PUBLIC_URL: url, ...peers.env, ...options.env },
      output: options.output,
      ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
    };
    let parley = await startParleyProcess(processOptions);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await parley.stop();
        await settleWithin(Promise.allSettled([control!.close(), peers.close()]), 6000);
        removeDataDir();
      })());
    const restartParley = async () => {
      await parley.stop();
      parley = await startParleyProcess(processOptions);
    };
    return { url, controlUrl: control.url, dataDir, peers, stop, restartParley };
  } catch (error) {
    await settleWithin(Promise.allSettled([control?.close(), peers.close()]), 6000);
    removeDataDir();
    throw error;
  }
}
