/** How often a growing reply is written while it streams, so a crash loses at most this much. */
export const REPLY_SAVE_INTERVAL_MS = 1000;

export interface ReplySaver {
  /** Marks the reply as changed; the next tick writes it. */
  touch(): void;
  /** Writes now if changed, instead of at the next tick. */
  saveNow(): void;

  /** Stops the ticks and waits for a write in flight, so the final write comes last. */
  stop(): Promise<void>;
}

/**
 * Writes a streaming reply at most once per interval and at least once per interval while it
 * changes: throttled upserts instead of one per delta. Writes never overlap.
 */
export function startReplySaver(save: () => Promise<unknown>, intervalMs = REPLY_SAVE_INTERVAL_MS): ReplySaver {
  let dirty = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (!dirty) return;
    dirty = false;
    inFlight = inFlight.then(save).catch(() => {
      // A failed intermediate write is retried on the next tick; the final write reports errors.
      dirty = true;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    touch() {
      dirty = true;
    },
    saveNow: tick,
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
