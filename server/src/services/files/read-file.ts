import type { AppContext } from '../../app/context.ts';
import { storageKey } from './file-storage.ts';
import { findOwnedFile } from './file-store.ts';

export interface StoredFile {
  data: Buffer;
  mimeType: string;
  filename: string;
  /** Pictures are shown in the page; everything else is downloaded. */
  inline: boolean;
}

/** The owner's file (or its thumbnail, for a picture), or undefined for a missing or someone else's id. */
export async function readStoredFile(ctx: AppContext, owner: string, id: string, size?: 'thumb'): Promise<StoredFile | undefined> {
  const row = await findOwnedFile(ctx.db, owner, id);
  if (!row) return undefined;
  const image = row.kind === 'image';
  const thumb = image && size === 'thumb';
  const data = await ctx.files.get(thumb ? storageKey(owner, id, '.thumb') : row.path);
  if (!data) {
    ctx.log.error({ fileId: id, owner, key: row.path }, 'a stored file has a row but no bytes');
    return undefined;
  }
  const filename = thumb ? row.filename.replace(/\.[^.]*$/, '') + '.webp' : row.filename;
  return { data, mimeType: thumb ? 'image/webp' : row.mimeType, filename, inline: image };
}
