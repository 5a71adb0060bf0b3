import type { AppContext } from '../../app/context.ts';
import { storageKey } from './file-storage.ts';
import { deleteOrphanRows, type FileRow } from './file-store.ts';

const HOUR_MS = 3_600_000;

/** Removes a file's bytes (and a picture's thumbnail) once its row is gone; a failure is logged, not thrown. */
export async function deleteStored(ctx: Pick<AppContext, 'files' | 'log'>, row: FileRow): Promise<void> {
  const keys = row.kind === 'image' ? [row.path, storageKey(row.userId, row.id, '.thumb')] : [row.path];
  for (const key of keys) {
    // The row is gone, so nothing serves the bytes any more; a failed delete only leaves them on disk.
    await ctx.files.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, 'could not delete a stored file'));
  }
}

/**
 * Deletes files no message uses any more (one owner's, or everyone's): their rows first, in one
 * statement, then their bytes. Unused uploads younger than FILES_ORPHAN_GRACE_HOURS are kept,
 * since they may be waiting in a message being written.
 */
export async function sweepOrphanFiles(ctx: AppContext, userId?: string, now = Date.now()): Promise<number> {
  const uploadedBefore = new Date(now - ctx.env.FILES_ORPHAN_GRACE_HOURS * HOUR_MS);
  const rows = await deleteOrphanRows(ctx.db, { uploadedBefore, userId });
  for (const row of rows) await deleteStored(ctx, row);
  return rows.length;
}

/** Sweeps every owner's orphans on a timer; unref'd so it never holds the process open. */
export function startFileSweeper(ctx: AppContext, intervalMs = 15 * 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrphanFiles(ctx)
      .then((count) => {
        if (count > 0) ctx.log.info(`Deleted ${count} file(s) no message uses`);
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'orphan file sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
