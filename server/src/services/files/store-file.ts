import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app/context.ts';
import { files } from '../../db/schema.ts';
import { insertFile, type FileRow, type NewFileRow } from './file-store.ts';
import { reserveFileRow } from './storage-room.ts';

export interface StoredObject {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Saves a file's row, then writes its bytes (the file, its thumbnail). With `limitMb` the row is
 * a reservation within the owner's storage cap (see storage-room.ts), taken before any byte is
 * written. The row's id reaches no one before this answers, so nothing reads it half-written.
 * When a write fails, the row and every key written are deleted before the error goes on:
 * bytes without a row are found by nothing, not even the orphan sweeper (it reads rows).
 */
export async function storeFile(ctx: AppContext, objects: readonly StoredObject[], row: NewFileRow, limitMb?: number): Promise<FileRow> {
  const saved = limitMb === undefined ? await insertFile(ctx.db, row) : await reserveFileRow(ctx, row, limitMb);
  const written: string[] = [];
  try {
    for (const object of objects) {
      // Counted before the write: a write that fails halfway may have left part of it.
      written.push(object.key);
      await ctx.files.put(object.key, object.data, object.contentType);
    }
    return saved;
  } catch (error) {
    await Promise.all([
      ctx.db
        .delete(files)
        .where(eq(files.id, saved.id))
        .catch((cleanup: unknown) => ctx.log.error({ err: cleanup, fileId: saved.id }, 'could not delete the row of a file whose bytes were not written')),
      ...written.map((key) =>
        ctx.files.delete(key).catch((cleanup: unknown) => {
          ctx.log.error({ err: cleanup, key, fileId: saved.id }, 'could not delete the bytes of a file that was not saved');
        }),
      ),
    ]);
    throw error;
  }
}
