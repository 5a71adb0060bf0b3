import { Worker } from 'node:worker_threads';
import type { PacedFakeConfig } from './paced-fake-protocol.ts';

export interface PacedFake {
  /** Origin, e.g. `http://127.0.0.1:41234`; Chat Completions at `/v1/chat/completions`. */
  url: string;
  /** When chunk `k` of `stream` was written (`nowMs()`), or undefined while it has not been. */
  emittedAt(stream: number, k: number): number | undefined;
  close(): Promise<void>;
}

/**
 * Starts the paced fake (see paced-fake-worker.ts) for stream numbers 0…streams-1, each
 * answering `chunks` chunks `spacingMs` apart.
 */
export async function startPacedFake(options: { streams: number; chunks: number; spacingMs: number }): Promise<PacedFake> {
  const emitted = new SharedArrayBuffer(options.streams * options.chunks * Float64Array.BYTES_PER_ELEMENT);
  const times = new Float64Array(emitted);
  const workerData: PacedFakeConfig = { chunks: options.chunks, spacingMs: options.spacingMs, emitted };
  // The worker is a TypeScript module: tsx's loader is registered in the worker first.
  const entry = JSON.stringify(new URL('./paced-fake-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const boot = `import(${tsx}).then(({ register }) => { register(); return import(${entry}); })`;
  const worker = new Worker(boot, { eval: true, workerData });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { port: number }) => resolve(message.port));
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    emittedAt(stream, k) {
      const at = times[stream * options.chunks + k];
      return at ? at : undefined;
    },
    async close() {
      const closed = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('close');
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
      await worker.terminate();
    },
  };
}
