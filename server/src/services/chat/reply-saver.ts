/**
 * How often a growing reply is written while it streams. A crash loses what the reader saw in
 * the last interval plus the write's own time, which is to stay under 250 ms; every live reply
 * goes in the tick's one statement, so a shorter interval adds statements, not rows.
 */
const REPLY_SAVE_INTERVAL_MS = 150;

export interface ReplySaver {
  /** Marks the reply as changed; the next tick writes it. */
  touch(): void;
  /** Writes soon (batched with other replies asking in the same turn) instead of at the next tick. */
  saveNow(): void;
  /**
   * Stops saving this reply and waits for a write of it in flight, so the final write comes last.
   * Answers whether the reply is in the database (a write of it succeeded).
   */
  stop(): Promise<boolean>;
}

export interface ReplySaveBatch<Row> {
  /** Saves one streaming reply: `row()` is read at write time, so each write has the latest text. */
  track(row: () => Row): ReplySaver;
}

interface Tracked<Row, Mark> {
  row: () => Row;
  dirty: boolean;
  stored: boolean;
  /** What the database is known to hold of this reply, as its last successful write described it. */
  mark?: Mark;
  /** The batch this reply was last written in. */
  written: Promise<unknown>;
}

/**
 * Writes every live reply that changed since the last tick in one statement per tick (`writeAll`),
 * instead of one statement per reply: with hundreds of streams the per-statement cost dominated.
 * A reply that changes is written at least once per interval; batches never overlap. A failed
 * batch is retried row by row (`writeOne`), so one bad row cannot hold back the others; a row
 * that still fails is retried on the next tick.
 * Each write may answer a `Mark` per row, describing what the database now holds of it; the next
 * write of that row gets it back (`marks`), so it can send only what changed since.
 */
export function createReplySaveBatch<Row, Mark = void>(
  writeAll: (rows: Row[], marks: (Mark | undefined)[]) => Promise<Mark[] | void>,
  writeOne: (row: Row) => Promise<Mark | void>,
  intervalMs = REPLY_SAVE_INTERVAL_MS,
): ReplySaveBatch<Row> {
  const tracked = new Set<Tracked<Row, Mark>>();
  /** Replies that asked to be written before the next tick. */
  const urgent = new Set<Tracked<Row, Mark>>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const write = async (batch: Tracked<Row, Mark>[]) => {
    const rows = batch.map((t) => t.row());
    try {
      const marks = await writeAll(
        rows,
        batch.map((t) => t.mark),
      );
      batch.forEach((t, i) => {
        t.stored = true;
        t.mark = marks?.[i];
      });
    } catch {
      await Promise.all(
        batch.map((t, i) =>
          writeOne(rows[i]!).then(
            (mark) => {
              t.stored = true;
              t.mark = mark ?? undefined;
            },
            () => {
              t.dirty = true;
            },
          ),
        ),
      );
    }
  };
  const writeDirty = (candidates: Iterable<Tracked<Row, Mark>>) => {
    const batch = [...candidates].filter((t) => t.dirty);
    urgent.clear();
    if (batch.length === 0) return;
    for (const t of batch) t.dirty = false;
    chain = chain.then(() => write(batch));
    for (const t of batch) t.written = chain;
  };
  const flushTick = () => writeDirty(tracked);
  // Only the replies that asked: every new stream asks once, and writing all live replies each
  // time multiplied the writes by the rate at which streams start.
  const flushUrgent = () => writeDirty(urgent);

  return {
    track(row) {
      const entry: Tracked<Row, Mark> = { row, dirty: false, stored: false, written: Promise.resolve() };
      tracked.add(entry);
      if (!timer) {
        timer = setInterval(flushTick, intervalMs);
        timer.unref();
      }
      return {
        touch() {
          entry.dirty = true;
        },
        saveNow() {
          entry.dirty = true;
          if (urgent.size === 0) setImmediate(flushUrgent);
          urgent.add(entry);
        },
        async stop() {
          tracked.delete(entry);
          urgent.delete(entry);
          if (tracked.size === 0) {
            clearInterval(timer);
            timer = undefined;
          }
          await entry.written;
          return entry.stored;
        },
      };
    },
  };
}
