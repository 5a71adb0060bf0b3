import type { Db } from '../../db/client.ts';
import { sweepExpiredKeys } from './user-key-store.ts';

export interface KeySweeperOptions {
  intervalMs?: number;
  onError?: (error: unknown) => void;
  onSwept?: (count: number) => void;
}

/**
 * Deletes expired user keys on a timer (SPEC point 4: keys are deleted at expiry). Reads
 * already refuse expired keys, so the sweep only has to keep ciphertext from lingering; the
 * timer is unref'd so it never holds the process open.
 */
export function startKeySweeper(db: Db, { intervalMs = 60_000, onError, onSwept }: KeySweeperOptions = {}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepExpiredKeys(db)
      .then((count) => {
        if (count > 0) onSwept?.(count);
      }, onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
