import type { Logger } from '../../app/logger.ts';
import type { Db } from '../../db/client.ts';
import { usageRecords } from '../../db/schema.ts';
import { insertUnnested, type UnnestedColumn } from '../../db/unnest-insert.ts';

type UsageRecordInput = typeof usageRecords.$inferInsert;

/** Every column a call's record sets (the id is the database's). */
const recordColumns: readonly UnnestedColumn<UsageRecordInput>[] = [
  ['createdAt', 'timestamptz'],
  ['userId', 'text'],
  ['accessKeyId', 'text'],
  ['apiTokenId', 'text'],
  ['dialect', 'text'],
  ['model', 'text'],
  ['upstreamModel', 'text'],
  ['channel', 'text'],
  ['inputTokens', 'int'],
  ['outputTokens', 'int'],
  ['cachedTokens', 'int'],
  ['reasoningTokens', 'int'],
  ['charged', 'bigint'],
  ['unit', 'text'],
  ['ttftMs', 'int'],
  ['totalMs', 'int'],
  ['status', 'text'],
  ['errorCode', 'text'],
  ['clientIp', 'text'],
];

export interface UsageRecorder {
  /** Queues one call's record; it reaches the database with the next batch, never on the call's own path. */
  add(record: UsageRecordInput): void;
  /** Writes what is queued now (tests, shutdown). */
  flush(): Promise<void>;
}

export interface UsageRecorderOptions {
  /** How long a record waits for others to join its batch. */
  intervalMs?: number;
  /** Rows per statement. */
  batchMax?: number;
  /** Records kept waiting while the database is away; past it the oldest are dropped with a log line. */
  queueMax?: number;
}

/**
 * Usage records are written off the hot path: a call queues its row and returns; a timer
 * writes the queue in one statement per batch (its columns as arrays), batches never overlapping. A batch that fails is
 * written row by row, so one bad row (its owner deleted meanwhile) does not lose the others.
 */
export function createUsageRecorder(db: Db, log: Logger, { intervalMs = 500, batchMax = 500, queueMax = 100_000 }: UsageRecorderOptions = {}): UsageRecorder {
  let queue: UsageRecordInput[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function writeBatch(batch: UsageRecordInput[]): Promise<void> {
    try {
      await insertUnnested(db, usageRecords, recordColumns, batch);
    } catch (error) {
      log.warn({ err: error, rows: batch.length }, 'usage record batch failed; writing its rows one by one');
      for (const row of batch) {
        await db.insert(usageRecords).values(row).catch((rowError: unknown) => log.error({ err: rowError, userId: row.userId, model: row.model }, 'could not write a usage record'));
      }
    }
  }

  function flush(): Promise<void> {
    timer = undefined;
    const taken = queue;
    queue = [];
    writing = writing.then(async () => {
      for (let at = 0; at < taken.length; at += batchMax) await writeBatch(taken.slice(at, at + batchMax));
    });
    return writing;
  }

  return {
    add(record) {
      if (queue.length >= queueMax) {
        queue.shift();
        log.error({ queueMax }, 'usage record queue full; the oldest record was dropped');
      }
      // The call's own time: one batch's rows would otherwise share its statement's now().
      queue.push({ createdAt: new Date(), ...record });
      if (!timer) {
        timer = setTimeout(() => void flush(), intervalMs);
        timer.unref();
      }
    },
    flush() {
      if (timer) clearTimeout(timer);
      return flush();
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Every model call's usage record, queued and written in batches off the call's path. */
    usageRecords: UsageRecorder;
  }
}
