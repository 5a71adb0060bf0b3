import type { ChainableCommander } from 'ioredis';

/** Adds one frame's commands to a pipeline. */
export type FrameWrite = (pipeline: ChainableCommander) => void;

interface Pending {
  write: FrameWrite;
  /** Set when the appender waits for this frame to be stored. */
  settle?: { resolve(): void; reject(error: Error): void };
}

/**
 * Sends frames to Redis in batches: every frame appended during one turn of the event loop
 * goes out in one pipeline at the end of it, in append order, and the appender does not wait
 * for it (unless it asks to, as the last frame of a stream does). One round trip per turn
 * instead of one per frame: with hundreds of live streams those round trips were what queued.
 */
export function createRedisFrameBatch(pipelineOf: () => ChainableCommander) {
  let pending: Pending[] = [];
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = pending;
    pending = [];
    const pipeline = pipelineOf();
    const ranges = batch.map(({ write }) => {
      const from = pipeline.length;
      write(pipeline);
      return [from, pipeline.length] as const;
    });
    let results: [Error | null, unknown][] = [];
    let failure: Error | undefined;
    try {
      results = (await pipeline.exec()) ?? [];
    } catch (error) {
      failure = error as Error;
    }
    batch.forEach(({ settle }, i) => {
      if (!settle) return;
      const [from, to] = ranges[i]!;
      const error = failure ?? results.slice(from, to).find(([e]) => e)?.[0];
      if (error) settle.reject(error);
      else settle.resolve();
    });
  }

  const queue = (entry: Pending) => {
    pending.push(entry);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  return {
    /** Queues a frame's commands for the end of this turn. */
    add(write: FrameWrite): void {
      queue({ write });
    },
    /** Queues a frame's commands and resolves once Redis has run them (rejects if any failed). */
    addAndWait(write: FrameWrite): Promise<void> {
      return new Promise((resolve, reject) => queue({ write, settle: { resolve, reject } }));
    },
  };
}
