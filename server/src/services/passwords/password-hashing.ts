import { availableParallelism } from 'node:os';
import type { Logger } from '../../app/logger.ts';
import { AppError } from '../../app/errors.ts';
import { hashPassword, verifyPassword } from './password-hasher.ts';

export interface PasswordHashingLimits {
  /** Hashes and verifications running at once. */
  concurrency: number;
  /** Calls waiting for a turn; one more is refused with 503 and Retry-After. */
  maxQueued: number;
}

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file reads, DNS and zlib share: at most one hash per core, and never the whole pool. Sixteen
 * waiting per running hash is a wait of 0.6–1.4 s (one hash takes 40–90 ms); past
 * that a fast 503 lets the client retry rather than hold a socket while the wait grows.
 */
export function defaultPasswordHashingLimits(): PasswordHashingLimits {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const concurrency = Math.max(1, Math.min(availableParallelism(), pool - 1));
  return { concurrency, maxQueued: 16 * concurrency };
}

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
  /** Calls running and waiting now, and finished since start. */
  stats(): { running: number; queued: number; finished: number };
}

/**
 * The server's one gate in front of password hashing: sign-up, sign-in and reset take turns,
 * so a flood of them queues here (bounded) instead of filling the thread pool, and a sign-in
 * waits behind at most `maxQueued` others. A full queue is logged once until it drains.
 */
export function createPasswordHashing(log: Pick<Logger, 'warn' | 'info'>, limits = defaultPasswordHashingLimits()): PasswordHashing {
  const waiting: (() => void)[] = [];
  let running = 0;
  let finished = 0;
  let refusing = false;

  function release() {
    finished++;
    const next = waiting.shift();
    // The slot passes straight to the next caller, so no newcomer can overtake the queue.
    if (next) return next();
    running--;
    if (refusing) {
      refusing = false;
      log.info('Password hashing queue drained; sign-ins are accepted again');
    }
  }

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running < limits.concurrency) running++;
    else if (waiting.length < limits.maxQueued) await new Promise<void>((resolve) => waiting.push(resolve));
    else {
      if (!refusing) {
        refusing = true;
        log.warn({ running, queued: waiting.length }, 'Password hashing queue is full: sign-ins, sign-ups and resets get 503 until it drains');
      }
      throw new AppError('service_unavailable', undefined, undefined, { 'Retry-After': '1' });
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  return {
    hash: (password) => turn(() => hashPassword(password)),
    verify: (storedHash, password) => turn(() => verifyPassword(storedHash, password)),
    stats: () => ({ running, queued: waiting.length, finished }),
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The one queue every sign-in, sign-up and reset hashes through, bounded per process. */
    passwords: PasswordHashing;
  }
}
