import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import type { Db } from '../../db/client.ts';
import { usageRecords } from '../../db/schema.ts';

const HOUR_MS = 3_600_000;

/** Deletes the records older than the retention; answers how many. */
async function sweepUsageRecords(db: Db, retentionDays: number): Promise<number> {
  const rows = await db
    .delete(usageRecords)
    .where(lt(usageRecords.createdAt, sql`now() - make_interval(days => ${retentionDays})`))
    .returning({ id: usageRecords.id });
  return rows.length;
}

/** Sweeps USAGE_RETENTION_DAYS once an hour (the timer never holds the process open); answers the stop. */
export function startUsageSweeper(ctx: AppContext, intervalMs = HOUR_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepUsageRecords(ctx.db, ctx.env.USAGE_RETENTION_DAYS)
      .then(
        (count) => count > 0 && ctx.log.info(`Deleted ${count} usage record(s) older than ${ctx.env.USAGE_RETENTION_DAYS} days`),
        (error: unknown) => ctx.log.error({ err: error }, 'usage record sweep failed'),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
