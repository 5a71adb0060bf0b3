import type { UploadedFile } from '@parley/core';
import type { files } from '../db/schema.ts';

type FileRow = typeof files.$inferSelect;

/** The API shape of a stored file. */
export function presentFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    filename: row.filename,
    type: row.mimeType,
    bytes: row.bytes,
    ...(row.width && row.height ? { width: row.width, height: row.height } : {}),
  };
}
