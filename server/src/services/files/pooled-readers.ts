import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { OwnerBusyError, PoolFullError, WorkLimitError } from '../worker-pool/work-limit.ts';
import type { ExtractedText } from './extract-text.ts';
import type { ImageLimit, ImageSize } from './image-info.ts';

type Ctx = Pick<AppContext, 'env' | 'log' | 'workers'>;

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** Seconds a client is told to wait when the pool's queue is full: a few documents' reading time. */
const BUSY_RETRY_AFTER_SECONDS = '5';

/** A full queue is the server's state (503), or the user's own files filling their share (429), not the file's: the upload may be sent again as it is. */
function rethrowIfPoolFull(error: unknown): void {
  if (error instanceof OwnerBusyError) {
    throw new AppError('rate_limited', 'Parley is still reading your other files. Please send this file again once they are done.', undefined, {
      'Retry-After': BUSY_RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof PoolFullError) {
    throw new AppError('service_unavailable', 'Parley is busy reading other files. Please send this file again in a few seconds.', undefined, {
      'Retry-After': BUSY_RETRY_AFTER_SECONDS,
    });
  }
}

/**
 * An uploaded document's text, read in the worker pool within PARSE_TIMEOUT_MS and the processes'
 * memory cap. A document past a limit (too slow, too much memory, unpacking past 64 MB) is refused
 * with `document_too_complex`: its reader would never finish it, and a file kept without text
 * would leave the model blind to what the user meant to send. A reader that merely fails (a
 * damaged file) keeps the file without text, logged, as before: it may still go natively to a PDF reader.
 */
export async function readDocumentText(ctx: Ctx, owner: string, filename: string, data: Buffer): Promise<ExtractedText | undefined> {
  try {
    return await ctx.workers.run('extractText', { name: filename, data }, { timeoutMs: ctx.env.PARSE_TIMEOUT_MS, owner });
  } catch (error) {
    rethrowIfPoolFull(error);
    if (error instanceof WorkLimitError) {
      ctx.log.warn({ owner, filename, bytes: data.length, limit: error.limit, reason: error.message }, 'refused an uploaded document past a reading limit');
      throw new AppError('document_too_complex');
    }
    ctx.log.warn({ err: error, owner, filename }, 'could not read the text of an uploaded document');
    return undefined;
  }
}

export interface PictureInfo extends ImageSize {
  thumbnail: Buffer;
}

/** A picture's size and thumbnail, decoded in the worker pool; undefined when it is no picture or decoding it passes a limit (logged). */
export async function readPicture(ctx: Ctx, owner: string, data: Buffer): Promise<PictureInfo | undefined> {
  try {
    const facts = await ctx.workers.run('describePicture', { data }, { timeoutMs: ctx.env.PARSE_TIMEOUT_MS, owner });
    return facts && { ...facts, thumbnail: asBuffer(facts.thumbnail) };
  } catch (error) {
    rethrowIfPoolFull(error);
    ctx.log.warn({ err: error, owner, bytes: data.length }, 'could not decode a picture');
    return undefined;
  }
}

/**
 * A stored picture fitted to a provider's limits in the worker pool, within PARSE_TIMEOUT_MS and
 * the processes' memory cap; undefined when it passed one (logged), so the turn goes on without it.
 */
export async function fitPictureInPool(ctx: Ctx, file: { id: string; userId: string }, data: Buffer, mimeType: string, limit: ImageLimit): Promise<{ data: Buffer; mimeType: string } | undefined> {
  try {
    const fitted = await ctx.workers.run('fitPicture', { data, mimeType, limit }, { timeoutMs: ctx.env.PARSE_TIMEOUT_MS, owner: file.userId });
    return { data: asBuffer(fitted.data), mimeType: fitted.mimeType };
  } catch (error) {
    rethrowIfPoolFull(error);
    if (!(error instanceof WorkLimitError)) throw error;
    ctx.log.warn({ owner: file.userId, fileId: file.id, bytes: data.length, limit: error.limit, reason: error.message }, 'could not fit a picture within the reading limits');
    return undefined;
  }
}
