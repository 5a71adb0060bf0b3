import { randomUUID } from 'node:crypto';
import { fileUrl, imageMimeTypes, type MessageFile } from '@parley/core';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app/context.ts';
import { storageKey } from './file-storage.ts';
import { downloadPicture } from './remote-picture.ts';
import { readPicture } from './pooled-readers.ts';
import { storeFile } from './store-file.ts';
import { toMessageFile } from './turn-files.ts';

export interface GeneratedImage {
  /** The reply's markdown for the picture: its `/api/files/:id` URL, never the bytes. */
  markdown: string;
  /** Undefined when the picture could not be kept and the provider's URL is shown as it came. */
  file?: MessageFile;
}

const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Keeps a picture a drawing model answered (a base64 data URL) as a file of the conversation's
 * owner, so the reply, its reloads, exports and search show `/api/files/<id>`. A provider's
 * https URL is linked as it is unless `download` asks to keep it; anything else (bytes that are no picture we serve) is left out.
 */
export async function storeGeneratedImage(
  ctx: AppContext,
  owner: string,
  conversationId: string,
  address: string,
  how: { download?: boolean } = {},
): Promise<GeneratedImage> {
  // An upstream's link is fetched and kept when asked (Copilot's pictures expire); one that cannot be had is linked.
  const url = (how.download ? await downloadPicture(ctx, address) : undefined) ?? address;
  const match = /^data:image\/[^;,]+;base64,(.*)$/s.exec(url);
  if (!match) return { markdown: url.startsWith('https://') ? `\n![image](${url})\n` : '' };
  const data = Buffer.from(match[1]!, 'base64');
  // The bytes say what the picture is, not the label a model, tool or MCP server put on it.
  const mimeType = (await fileTypeFromBuffer(data))?.mime;
  if (!mimeType || !(imageMimeTypes as readonly string[]).includes(mimeType)) return { markdown: '' };
  const picture = await readPicture(ctx, owner, data);
  if (!picture) return { markdown: '' };
  const id = randomUUID();
  const objects = [
    { key: storageKey(owner, id, '.thumb'), data: picture.thumbnail, contentType: 'image/webp' },
    { key: storageKey(owner, id), data, contentType: mimeType },
  ];
  const row = await storeFile(ctx, objects, {
    id,
    userId: owner,
    conversationId,
    filename: `image-${id.slice(0, 8)}.${extensions[mimeType]}`,
    mimeType,
    kind: 'image',
    source: 'generated',
    bytes: data.length,
    width: picture.width,
    height: picture.height,
    path: storageKey(owner, id),
    usedAt: new Date(),
  });
  return { markdown: `\n![image](${fileUrl(id)})\n`, file: toMessageFile(row) };
}
