import { randomUUID } from 'node:crypto';
import { uploadRefusal, type EndpointName, type InputCapabilities, type UploadedFile } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import type { ExtractedText } from './extract-text.ts';
import { storageKey } from './file-storage.ts';
import { presentFile } from '../../presenters/present-file.ts';
import { readDocumentText, readPicture } from './pooled-readers.ts';
import { sanitizeFilename } from './sanitize-filename.ts';
import { sniffFile } from './sniff-file.ts';
import { assertStorageRoom } from './storage-room.ts';
import { storeFile, type StoredObject } from './store-file.ts';

export interface Upload {
  owner: string;
  endpoint: EndpointName;
  model?: string;
  capabilities?: InputCapabilities;
  fileName: string;
  data: Buffer;
}

/**
 * Stores one upload for its owner after every rule of SPEC point 5: the endpoint and model take
 * uploads, 20 MB at most, room left in the owner's USER_STORAGE_MB, a type the endpoint takes,
 * and bytes that really are that type.
 * A picture gets its size and a thumbnail; a document's text is read once, now; both in the worker pool.
 */
export async function uploadFile(ctx: AppContext, upload: Upload): Promise<UploadedFile> {
  const filename = sanitizeFilename(upload.fileName);
  const refusal = uploadRefusal({ ...upload, fileName: filename, bytes: upload.data.length, attached: 0 });
  if (refusal) throw new AppError(refusal);
  await assertStorageRoom(ctx, upload.owner, upload.data.length, ctx.env.USER_STORAGE_MB);
  const sniffed = await sniffFile(filename, upload.data);
  if (!sniffed) throw new AppError('invalid_file');
  const id = randomUUID();
  const key = storageKey(upload.owner, id);
  const objects: StoredObject[] = [];
  let size: { width: number; height: number } | undefined;
  let text: ExtractedText | undefined;
  if (sniffed.kind === 'image') {
    const picture = await readPicture(ctx, upload.owner, upload.data);
    if (!picture) throw new AppError('invalid_file');
    size = { width: picture.width, height: picture.height };
    objects.push({ key: storageKey(upload.owner, id, '.thumb'), data: picture.thumbnail, contentType: 'image/webp' });
  } else {
    text = await readDocumentText(ctx, upload.owner, filename, upload.data);
  }
  objects.push({ key, data: upload.data, contentType: sniffed.mimeType });
  const row = await storeFile(ctx, objects, {
    id,
    userId: upload.owner,
    filename,
    mimeType: sniffed.mimeType,
    kind: sniffed.kind,
    source: 'upload',
    bytes: upload.data.length,
    width: size?.width,
    height: size?.height,
    path: key,
    text: text?.text,
    textTruncated: text?.truncated ?? false,
  }, ctx.env.USER_STORAGE_MB);
  return presentFile(row);
}
