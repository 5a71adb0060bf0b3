import { errorMessages } from '@parley/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { files } from '../../db/schema.ts';
import { storedBytes, type FileRow, type NewFileRow } from './file-store.ts';

const megabytes = (mb: number) => mb * 1024 * 1024;

function storageFull(ctx: Pick<AppContext, 'log'>, owner: string, bytes: number, limitMb: number): AppError {
  ctx.log.info({ owner, bytes, limitMb }, "refused an upload past the owner's storage cap");
  return new AppError('storage_full', errorMessages.storage_full!.replace('{limitMb}', String(limitMb)), { limitMb });
}

/**
 * Refuses at once an upload that cannot fit the owner's USER_STORAGE_MB, before any work is
 * spent on it. Only a first look: uploads running at the same moment all see the same room, so
 * `reserveFileRow` is what holds the cap.
 */
export async function assertStorageRoom(ctx: Pick<AppContext, 'db' | 'log'>, owner: string, bytes: number, limitMb: number): Promise<void> {
  if ((await storedBytes(ctx.db, owner)) + bytes <= megabytes(limitMb)) return;
  throw storageFull(ctx, owner, bytes, limitMb);
}

/**
 * Inserts a file's row only if the owner's files, with it, stay within `limitMb`. One owner's
 * reservations take turns on a transaction-scoped advisory lock keyed by the owner, so of a burst
 * of concurrent uploads exactly those that fit get a row; the row is in before any byte is
 * written, so the storage never holds more than the cap either.
 */
export async function reserveFileRow(ctx: Pick<AppContext, 'db' | 'log'>, row: NewFileRow, limitMb: number): Promise<FileRow> {
  const saved = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`files:${row.userId}`}, 0))`);
    if ((await storedBytes(tx, row.userId)) + row.bytes > megabytes(limitMb)) return undefined;
    const [inserted] = await tx.insert(files).values(row).returning();
    return inserted;
  });
  if (!saved) throw storageFull(ctx, row.userId, row.bytes, limitMb);
  return saved;
}
