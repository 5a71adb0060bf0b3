import { maxUploadBytes, nulFieldMessage } from '@parley/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app/errors.ts';

export interface UploadForm {
  fields: Record<string, string>;
  file?: { filename: string; data: Buffer };
}

/** Multipart limits: one file of at most 20 MB plus a few short fields; anything more is refused. */
export const uploadLimits = { fileSize: maxUploadBytes, files: 1, fields: 8, fieldSize: 1024, parts: 9, headerPairs: 50 };

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
/** An error the multipart plugin gave its own 4xx (too many parts, wrong content type); anything else it throws is the body's fault. */
const hasClientStatus = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status !== undefined && status >= 400 && status < 500;
};

/** Reads the form's fields and its one file into memory, refusing a file past 20 MB as soon as it is. */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('validation', 'Send the file as multipart/form-data.');
  const form: UploadForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) {
          part.file.resume();
          continue;
        }
        form.file = { filename: part.filename, data: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        // PostgreSQL text cannot hold U+0000; refused here like the JSON routes refuse it.
        if (part.value.includes('\u0000')) throw new AppError('validation', undefined, { fields: { [part.fieldname]: nulFieldMessage } });
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('file_too_large');
    if (error instanceof AppError || hasClientStatus(error)) throw error;
    // busboy's own failures (no boundary, the body ends mid-part) are a damaged request, not a server fault.
    request.log.info({ err: error }, 'refused a damaged upload form');
    throw new AppError('malformed_upload');
  }
  return form;
}
