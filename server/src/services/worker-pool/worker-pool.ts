import type { Worker } from 'node:worker_threads';
import type { Logger } from '../../app/logger.ts';
import type { PoolAnswer, PoolRequest } from './pool-worker.ts';
import type { TaskInput, TaskName, TaskOutput } from './pool-tasks.ts';
import { startWorkerThread } from './start-worker-thread.ts';
import { WorkLimitError } from './work-limit.ts';

export interface WorkerPoolOptions {
  /** Threads running at most; jobs past that wait their turn. */
  size: number;
  /** Each thread's JavaScript heap cap; a job past it stops its thread with a `memory` WorkLimitError. */
  memoryMb: number;
}

/** Untrusted, unbounded work (document parsing, picture decoding, calculations) off the event loop. */
export interface WorkerPool {
  /** Runs one job; past `timeoutMs` of its own running time its thread is stopped and it fails with a `time` WorkLimitError. */
  run<T extends TaskName>(task: T, input: TaskInput<T>, limits: { timeoutMs: number }): Promise<TaskOutput<T>>;
  /** Stops every thread; jobs running or waiting fail. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  task: TaskName;
  input: unknown;
  timeoutMs: number;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/** Loading a task's code (mathjs, the Office reader) is not the job's time; it gets this long. */
const LOAD_TIMEOUT_MS = 60_000;
/** A thread left with nothing to do stops after this long, giving back its memory (the Office reader and mathjs hold 100 MB or more). */
const IDLE_MS = 30_000;

const startPoolWorker = (memoryMb: number) =>
  startWorkerThread(new URL('./pool-worker', import.meta.url), { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.max(8, Math.round(memoryMb / 16)) });

/**
 * A small pool of worker threads, started as jobs come and stopped after a while idle. One job
 * runs per thread at a time. A job over its time limit, or a thread out of memory, is stopped by
 * ending its thread (the only way to stop synchronous code), and the next job starts a fresh one.
 */
export function createWorkerPool(log: Logger, options: WorkerPoolOptions): WorkerPool {
  const threads = new Set<Thread>();
  const waiting: Job[] = [];
  let nextId = 0;
  let closed = false;

  /** Ends `thread` and fails its job with `reason`, once; a replacement starts when a job needs it. */
  const retire = (thread: Thread, reason?: Error) => {
    if (!threads.delete(thread)) return;
    clearTimeout(thread.timer);
    if (thread.job && reason) thread.job.reject(reason);
    thread.worker.removeAllListeners('message');
    void thread.worker.terminate();
    dispatch();
  };

  const limitTimer = (thread: Thread, ms: number, error: () => Error) => {
    clearTimeout(thread.timer);
    thread.timer = setTimeout(() => {
      const job = thread.job!;
      log.warn({ task: job.task, timeoutMs: ms }, 'a worker-pool job ran out of time; its thread is stopped');
      retire(thread, error());
    }, ms);
  };

  const finish = (thread: Thread) => {
    clearTimeout(thread.timer);
    thread.job = undefined;
    thread.worker.unref();
    thread.timer = setTimeout(() => retire(thread), IDLE_MS).unref();
    dispatch();
  };

  const onAnswer = (thread: Thread, answer: PoolAnswer) => {
    const job = thread.job;
    if (!job || answer.id !== job.id) return;
    if ('started' in answer) {
      limitTimer(thread, job.timeoutMs, () => new WorkLimitError('time', `The job took longer than ${job.timeoutMs} ms.`));
      return;
    }
    if ('error' in answer) job.reject(answer.limit ? new WorkLimitError(answer.limit, answer.error) : new Error(answer.error));
    else job.resolve(answer.result);
    finish(thread);
  };

  const startThread = (): Thread => {
    const thread: Thread = { worker: startPoolWorker(options.memoryMb) };
    thread.worker.on('message', (answer: PoolAnswer) => onAnswer(thread, answer));
    thread.worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        log.warn({ task: thread.job?.task, memoryMb: options.memoryMb }, 'a worker-pool job ran out of memory; its thread is stopped');
        retire(thread, new WorkLimitError('memory', `The job needed more than ${options.memoryMb} MB.`));
      } else {
        log.error({ err: error, task: thread.job?.task }, 'a worker-pool thread failed; its job fails and a new thread takes the next');
        retire(thread, error);
      }
    });
    thread.worker.on('exit', (code) => {
      if (!threads.has(thread)) return;
      const error = new Error(`a worker-pool thread stopped (exit code ${code})`);
      log.error({ err: error, task: thread.job?.task }, 'a worker-pool thread stopped; its job fails and a new thread takes the next');
      retire(thread, error);
    });
    threads.add(thread);
    return thread;
  };

  function dispatch() {
    while (waiting.length > 0) {
      const idle = [...threads].find((thread) => !thread.job);
      const thread = idle ?? (threads.size < options.size ? startThread() : undefined);
      if (!thread) return;
      const job = waiting.shift()!;
      thread.job = job;
      thread.worker.ref();
      limitTimer(thread, LOAD_TIMEOUT_MS, () => new WorkLimitError('time', `The job's code did not load within ${LOAD_TIMEOUT_MS} ms.`));
      thread.worker.postMessage({ id: job.id, task: job.task, input: job.input } satisfies PoolRequest);
    }
  }

  return {
    run(task, input, limits) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise((resolve, reject) => {
        waiting.push({ id: nextId++, task, input, timeoutMs: limits.timeoutMs, resolve: resolve as (result: unknown) => void, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const reason = new Error('the worker pool is closed');
      for (const job of waiting.splice(0)) job.reject(reason);
      const stopping = [...threads].map((thread) => thread.worker);
      for (const thread of [...threads]) retire(thread, reason);
      await Promise.all(stopping.map((worker) => worker.terminate()));
    },
  };
}
