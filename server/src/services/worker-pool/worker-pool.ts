import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Logger } from '../../app/logger.ts';
import type { PoolAnswer, PoolRequest } from './pool-worker.ts';
import type { TaskInput, TaskName, TaskOutput } from './pool-tasks.ts';
import { startWorkerProcess } from './start-worker-process.ts';
import { OwnerBusyError, PoolFullError, WorkLimitError } from './work-limit.ts';

export interface WorkerPoolOptions {
  /** Processes running at most; jobs past that wait their turn. */
  size: number;
  /** Each process's JavaScript heap cap; a job past it ends its process with a `memory` WorkLimitError. */
  memoryMb: number;
  /** Jobs that may wait for a process at once; one more is refused with a PoolFullError. */
  maxWaiting: number;
  /** Jobs one owner may have waiting or running at once; one more is refused with an OwnerBusyError. */
  maxPerOwner: number;
}

interface JobLimits {
  timeoutMs: number;
  /** Whose job it is (a user id): each owner's waiting and running jobs count against `maxPerOwner`. */
  owner?: string;
}

/** Untrusted, unbounded work (document parsing, picture decoding, calculations) off the event loop. */
export interface WorkerPool {
  /**
   * Runs one job, or refuses it with a PoolFullError when `maxWaiting` jobs wait already (an
   * OwnerBusyError when its owner has `maxPerOwner` jobs waiting or running); past `timeoutMs` of its
   * own running time its process is stopped and it fails with a `time` WorkLimitError. */
  run<T extends TaskName>(task: T, input: TaskInput<T>, limits: JobLimits): Promise<TaskOutput<T>>;
  /** Stops every process; jobs running or waiting fail. */
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

interface Slot {
  worker: ChildProcess;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/** Loading a task's code (mathjs, the Office reader) is not the job's time; it gets this long. */
const LOAD_TIMEOUT_MS = 60_000;
/** A process left with nothing to do stops after this long, giving back its memory (the Office reader and mathjs hold 100 MB or more). */
const IDLE_MS = 30_000;

const startPoolWorker = (memoryMb: number) => startWorkerProcess(new URL('./pool-worker', import.meta.url), memoryMb);

/** V8 aborts a process whose heap passed its cap (SIGABRT, or 134 through a shell). */
const outOfMemory = (code: number | null, signal: NodeJS.Signals | null) => signal === 'SIGABRT' || code === 134;

/** Lets the server exit while an idle process lives (or keeps it while one works). */
function holdProcess(worker: ChildProcess, hold: boolean) {
  if (hold) {
    worker.ref();
    worker.channel?.ref();
  } else {
    worker.unref();
    worker.channel?.unref();
  }
}

/**
 * A small pool of worker processes, started as jobs come and stopped after a while idle. One job
 * runs per process at a time. A job over its time limit, or a process out of memory, is stopped by
 * ending its process (the only way to stop synchronous code), and the next job starts a fresh one.
 */
export function createWorkerPool(log: Logger, options: WorkerPoolOptions): WorkerPool {
  const slots = new Set<Slot>();
  const waiting: Job[] = [];
  // Each owner's jobs waiting or running.
  const perOwner = new Map<string, number>();
  let nextId = 0;
  let closed = false;

  /** Ends `slot` and fails its job with `reason`, once; a replacement starts when a job needs it. */
  const retire = (slot: Slot, reason?: Error) => {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer);
    if (slot.job && reason) slot.job.reject(reason);
    slot.worker.removeAllListeners('message');
    slot.worker.kill('SIGKILL');
    dispatch();
  };

  const limitTimer = (slot: Slot, ms: number, error: () => Error) => {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      const job = slot.job!;
      log.warn({ task: job.task, timeoutMs: ms }, 'a worker-pool job ran out of time; its process is stopped');
      retire(slot, error());
    }, ms);
  };

  const finish = (slot: Slot) => {
    clearTimeout(slot.timer);
    slot.job = undefined;
    holdProcess(slot.worker, false);
    slot.timer = setTimeout(() => retire(slot), IDLE_MS).unref();
    dispatch();
  };

  const onAnswer = (slot: Slot, answer: PoolAnswer) => {
    const job = slot.job;
    if (!job || answer.id !== job.id) return;
    if ('started' in answer) {
      limitTimer(slot, job.timeoutMs, () => new WorkLimitError('time', `The job took longer than ${job.timeoutMs} ms.`));
      return;
    }
    if ('error' in answer) job.reject(answer.limit ? new WorkLimitError(answer.limit, answer.error) : new Error(answer.error));
    else job.resolve(answer.result);
    finish(slot);
  };

  const startSlot = (): Slot => {
    const slot: Slot = { worker: startPoolWorker(options.memoryMb) };
    slot.worker.on('message', (answer: PoolAnswer) => onAnswer(slot, answer));
    slot.worker.on('error', (error: Error) => {
      log.error({ err: error, task: slot.job?.task }, 'a worker-pool process failed; its job fails and a new process takes the next');
      retire(slot, error);
    });
    slot.worker.on('exit', (code, signal) => {
      if (!slots.has(slot)) return;
      if (outOfMemory(code, signal)) {
        log.warn({ task: slot.job?.task, memoryMb: options.memoryMb }, 'a worker-pool job ran out of memory; its process is stopped');
        retire(slot, new WorkLimitError('memory', `The job needed more than ${options.memoryMb} MB.`));
        return;
      }
      const error = new Error(`a worker-pool process stopped (exit code ${code}, signal ${signal})`);
      log.error({ err: error, task: slot.job?.task }, 'a worker-pool process stopped; its job fails and a new process takes the next');
      retire(slot, error);
    });
    slots.add(slot);
    return slot;
  };

  function dispatch() {
    while (waiting.length > 0) {
      const idle = [...slots].find((slot) => !slot.job);
      const slot = idle ?? (slots.size < options.size ? startSlot() : undefined);
      if (!slot) return;
      const job = waiting.shift()!;
      slot.job = job;
      holdProcess(slot.worker, true);
      limitTimer(slot, LOAD_TIMEOUT_MS, () => new WorkLimitError('time', `The job's code did not load within ${LOAD_TIMEOUT_MS} ms.`));
      slot.worker.send({ id: job.id, task: job.task, input: job.input } satisfies PoolRequest);
    }
  }

  return {
    run(task, input, limits) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      const { owner } = limits;
      const owned = owner === undefined ? 0 : (perOwner.get(owner) ?? 0);
      if (owner !== undefined && owned >= options.maxPerOwner) {
        log.warn({ task, owner, jobs: owned }, 'refused a worker-pool job: its owner has as many jobs as one may');
        return Promise.reject(new OwnerBusyError(`${owned} of your jobs are in the worker pool already.`));
      }
      if (waiting.length >= options.maxWaiting) {
        log.warn({ task, waiting: waiting.length }, 'refused a worker-pool job: as many jobs as may wait are waiting');
        return Promise.reject(new PoolFullError(`${waiting.length} jobs are waiting for the worker pool already.`));
      }
      if (owner !== undefined) perOwner.set(owner, owned + 1);
      const release = () => {
        if (owner === undefined) return;
        const left = (perOwner.get(owner) ?? 1) - 1;
        if (left > 0) perOwner.set(owner, left);
        else perOwner.delete(owner);
      };
      return new Promise<unknown>((resolve, reject) => {
        waiting.push({ id: nextId++, task, input, timeoutMs: limits.timeoutMs, resolve, reject });
        dispatch();
      }).finally(release) as Promise<TaskOutput<typeof task>>;
    },
    async close() {
      closed = true;
      const reason = new Error('the worker pool is closed');
      for (const job of waiting.splice(0)) job.reject(reason);
      const stopping = [...slots].map((slot) => slot.worker).filter((worker) => worker.exitCode === null && worker.signalCode === null);
      const exited = stopping.map((worker) => once(worker, 'exit'));
      for (const slot of [...slots]) retire(slot, reason);
      await Promise.all(exited);
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Processes that parse uploads and run the calculator with time and memory caps, stopped with the app. */
    workers: WorkerPool;
  }
}
