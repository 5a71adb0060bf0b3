import type { Worker } from 'node:worker_threads';
import type { Logger } from '../../app/logger.ts';
import { startTokenWorker } from './token-worker-start.ts';
import type { TokenCountAnswer, TokenCountRequest } from './token-worker.ts';

/** cl100k_base token counts, exactly as tiktoken's, worked out off the event loop. */
export interface TokenCounter {
  /** Tokens in `text`; special-token markers such as `<|endoftext|>` count as the text a user typed. */
  count(text: string): Promise<number>;
  /** Stops the worker; counts still pending fail. */
  close(): Promise<void>;
}

interface Pending {
  resolve(count: number): void;
  reject(error: Error): void;
}

/**
 * One worker thread per process, started on the first count (with its decoded ranks it adds about
 * 35 MB of RSS) and asked by message id. Counting 200,000 characters on the event loop, even in
 * slices, kept it busy all along and held other requests up to 185 ms. A worker that dies fails
 * its pending counts and the next count starts another. It keeps the process alive only while a
 * count is pending.
 */
export function createTokenCounter(log: Logger, start: () => Worker = startTokenWorker): TokenCounter {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  /** Forgets `stopped` if it is the current worker, failing its counts; false if it was already forgotten. */
  const forget = (stopped: Worker, reason: Error): boolean => {
    if (worker !== stopped) return false;
    worker = undefined;
    for (const count of pending.values()) count.reject(reason);
    pending.clear();
    return true;
  };

  const running = (): Worker => {
    if (worker) return worker;
    const started = start();
    started.on('message', ({ id, ...answer }: TokenCountAnswer) => {
      const count = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if ('error' in answer) count?.reject(new Error(`token count failed: ${answer.error}`));
      else count?.resolve(answer.count);
    });
    started.on('error', (error) => {
      if (forget(started, error)) log.error({ err: error }, 'the token worker failed; its pending counts fail and the next count starts another');
    });
    started.on('exit', (code) => {
      const error = new Error(`the token worker stopped (exit code ${code})`);
      if (forget(started, error)) log.error({ err: error }, 'the token worker stopped; its pending counts fail and the next count starts another');
    });
    worker = started;
    return started;
  };

  return {
    count(text) {
      const id = nextId++;
      const thread = running();
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, text } satisfies TokenCountRequest);
      });
    },
    async close() {
      const stopping = worker;
      if (!stopping) return;
      forget(stopping, new Error('the token counter is closed'));
      await stopping.terminate();
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** cl100k_base token counts, in a worker thread started on the first count, stopped with the app. */
    tokenCounter: TokenCounter;
  }
}
