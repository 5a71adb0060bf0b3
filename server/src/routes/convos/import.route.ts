import fastifyMultipart from '@fastify/multipart';
import type { ImportSummary } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { keyedRateLimit } from '../../http/rate-limit.ts';
import { importConversations } from '../../services/import/import-conversations.ts';
import { readExport } from '../../services/import/read-export.ts';
import { readUploadForm, uploadLimits } from '../files/upload-form.ts';

/** Imports one owner may start per hour: each may store up to 100,000 messages. */
const IMPORTS_PER_HOUR = 10;

/**
 * `POST /api/convos/import` (multipart, one `file`): a ChatGPT data export's conversations.json
 * or a LibreChat JSON export becomes the caller's conversations, always under new ids; the answer
 * sums up what was imported and what was left out.
 */
export async function importRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const maxBytes = ctx.env.IMPORT_MAX_MB * 1024 * 1024;
  const importLimit = keyedRateLimit({ limiter: ctx.limiter, name: 'import', max: IMPORTS_PER_HOUR, windowMs: 3_600_000, code: 'rate_limited' });
  const tooLarge = () => new AppError('import_too_large', `The file is larger than ${ctx.env.IMPORT_MAX_MB} MB. Import a smaller part of the export.`, { limitMb: ctx.env.IMPORT_MAX_MB });

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { ...uploadLimits, fileSize: maxBytes } });
    scope.post('/api/convos/import', { preHandler, bodyLimit: maxBytes + 64 * 1024 }, async (request): Promise<ImportSummary> => {
      const user = requireUser(request);
      await importLimit(user.id);
      const form = await readUploadForm(request).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'file_too_large' ? tooLarge() : error;
      });
      if (!form.file || form.file.data.length === 0) throw new AppError('validation', 'The form has no file.');
      const parsed = await readExport(ctx, user.id, form.file.data);
      const summary = await importConversations(ctx.db, user.id, parsed);
      request.log.info({ userId: user.id, ...summary }, 'imported conversations');
      return summary;
    });
  });
}
