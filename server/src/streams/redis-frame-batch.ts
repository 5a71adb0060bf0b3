import type { ChainableCommander } from 'ioredis';

/** One frame to store: pushed onto its stream's list and published on its stream's channel. */
export interface FrameWrite {
  list: string;
  channel: string;
  message: string;
  /** The list's time to live, set with the stream's first frame. */
  expireMs?: number;
}

/** Runs one batch's frame writes in Redis, in order (appendFramesScript), on `pipeline`. */
export type AppendFrames = (pipeline: ChainableCommander, lists: string[], args: (string | number)[]) => void;

interface Pending {
  frame: FrameWrite;
  /** More commands after the frame (the end of a stream); the appender waits for them. */
  then?: (pipeline: ChainableCommander) => void;
  settle?: { resolve(): void; reject(error: Error): void };
}

function appendArguments(frames: readonly FrameWrite[]): (string | number)[] {
  return frames.flatMap((f) => [f.channel, f.message, f.expireMs ?? 0]);
}

/**
 * Sends frames to Redis in batches: every frame appended during one turn of the event loop
 * goes out in one script call at the end of it, in append order, and the appender does not
 * wait for it unless it asks to (the last frame of a stream does). One command per turn
 * instead of two round trips per frame: with hundreds of live streams those were what queued.
 */
export function createRedisFrameBatch(
  pipelineOf: () => ChainableCommander,
  appendFrames: AppendFrames,
  /** Told of every failed batch write: frames nobody waits for would otherwise fail unseen. */
  onError: (error: Error, frames: number) => void = () => undefined,
) {
  let pending: Pending[] = [];
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = pending;
    pending = [];
    const pipeline = pipelineOf();
    appendFrames(
      pipeline,
      batch.map((p) => p.frame.list),
      appendArguments(batch.map((p) => p.frame)),
    );
    const ranges = batch.map(({ then }) => {
      const from = pipeline.length;
      then?.(pipeline);
      return [from, pipeline.length] as const;
    });
    let results: [Error | null, unknown][] = [];
    let failure: Error | undefined;
    try {
      results = (await pipeline.exec()) ?? [];
      failure = results[0]?.[0] ?? undefined;
    } catch (error) {
      failure = error as Error;
    }
    if (failure) onError(failure, batch.length);
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
    /** Queues a frame for the end of this turn. */
    add(frame: FrameWrite): void {
      queue({ frame });
    },
    /** Queues a frame and the commands to run after it; resolves once Redis has run them all (rejects if any failed). */
    addAndWait(frame: FrameWrite, then: (pipeline: ChainableCommander) => void): Promise<void> {
      return new Promise((resolve, reject) => queue({ frame, then, settle: { resolve, reject } }));
    },
  };
}
