import type { AppContext } from '../../app/context.ts';
import { insertFile, type FileRow, type NewFileRow } from './file-store.ts';

export interface StoredObject {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Writes a file's bytes (the file, its thumbnail), then its row. Bytes without a row are found by
 * nothing, not even the orphan sweeper (it reads rows), so when a write or the insert fails,
 * every key written is deleted before the error goes on.
 */
export async function storeFile(ctx: AppContext, objects: readonly StoredObject[], row: NewFileRow): Promise<FileRow> {
  const written: string[] = [];
  try {
    for (const object of objects) {
      // Counted before the write: a write that fails halfway may have left part of it.
      written.push(object.key);
      await ctx.files.put(object.key, object.data, object.contentType);
    }
    return await insertFile(ctx.db, row);
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        ctx.files.delete(key).catch((cleanup: unknown) => {
          ctx.log.error({ err: cleanup, key, fileId: row.id }, 'could not delete the bytes of a file that was not saved');
        }),
      ),
    );
    throw error;
  }
}
