import fastifyMultipart from '@fastify/multipart';
import { maxUploadBytes, resolveEndpoint } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { uploadGuard } from '../../http/abuse-guard.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { sendStoredFile, storedFileQuery } from '../../http/send-stored-file.ts';
import { assertMayUseFiles } from '../../services/files/file-user.ts';
import { readStoredFile } from '../../services/files/read-file.ts';
import { uploadFile } from '../../services/files/upload-file.ts';
import { modelInputs } from '../../services/files/model-inputs.ts';
import { readUploadForm, uploadLimits } from './upload-form.ts';

const uploadFields = z.object({
  endpoint: z.string().min(1).max(64),
  model: z.string().min(1).max(200).optional(),
  /** The spec's stored apiKey; the owner is whoever the request authenticates as, never this field. */
  userid: z.string().max(200).optional(),
});
const fileParams = z.object({ id: z.uuid() });


/**
 * Uploads (`POST /api/ask/files/upload`, multipart: file, endpoint, model, userid) and serving
 * (`GET /api/files/:id`), both scoped to the caller: another owner's file is a 404.
 */
export async function filesRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const uploadLimit = uploadGuard(ctx);

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: uploadLimits });
    scope.post('/api/ask/files/upload', { preHandler: [preHandler, uploadLimit], bodyLimit: maxUploadBytes + 64 * 1024 }, async (request) => {
      const user = requireUser(request);
      assertMayUseFiles({ id: user.id, visitor: user.access?.kind === 'visitor' });
      const form = await readUploadForm(request);
      const fields = uploadFields.parse(form.fields);
      const endpoint = resolveEndpoint(fields.endpoint);
      if (!endpoint) throw new AppError('unknown_endpoint');
      if (!form.file) throw new AppError('validation', 'The form has no file.');
      const capabilities = fields.model ? modelInputs(ctx.env, endpoint, fields.model) : undefined;
      return uploadFile(ctx, { owner: user.id, endpoint, model: fields.model, capabilities, fileName: form.file.filename, data: form.file.data });
    });
  });

  app.get('/api/files/:id', { preHandler }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = fileParams.parse(request.params);
    const { size } = storedFileQuery.parse(request.query);
    const file = await readStoredFile(ctx, user.id, id, size);
    if (!file) throw new AppError('not_found', 'File not found.');
    return sendStoredFile(reply, file, 'private, max-age=86400, immutable');
  });
}
