import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { StoredFile } from '../services/files/read-file.ts';
import { contentDisposition } from './content-disposition.ts';

/** `?size=thumb` asks for a picture's small preview. */
export const storedFileQuery = z.object({ size: z.enum(['thumb']).optional() });

/**
 * Sends a stored file: a picture shown in the page, anything else downloaded under its own name,
 * never sniffed and never run as a page. `cacheControl` says how long a browser keeps it.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, cacheControl: string) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.filename))
    .header('x-content-type-options', 'nosniff')
    // A served file is never a page: no scripts, even if a browser were talked into rendering it.
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cacheControl)
    .send(file.data);
}
