import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../worker-pool/start-worker-thread.ts';

/** Starts a token worker thread (token-worker.ts; dist/token-worker.js in the production bundle). */
export function startTokenWorker(): Worker {
  return startWorkerThread(new URL('./token-worker', import.meta.url));
}
