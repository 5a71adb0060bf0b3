import { presetDeleteSchema, presetInputSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { LARGE_BODY_LIMIT } from '../../http/body-limits.ts';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { deletePresets, listPresets, savePreset } from '../../services/presets/preset-store.ts';
import { presentPreset } from '../../presenters/present-preset.ts';

export async function presetsRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  const presented = async (userId: string) => (await listPresets(ctx.db, userId)).map(presentPreset);

  app.get('/api/presets', { preHandler }, async (request) => presented(requireUser(request).id));

  /** Save, update or import; the answer is the caller's updated list. */
  app.post('/api/presets', { preHandler, bodyLimit: LARGE_BODY_LIMIT }, async (request) => {
    const user = requireUser(request);
    const input = presetInputSchema.parse(request.body ?? {});
    const row = await savePreset(ctx.db, user.id, input);
    if (!row) throw new AppError('not_found', 'Preset not found.');
    return presented(user.id);
  });

  /** `{presetId}` deletes one preset; an empty body or `{}` deletes all. The answer is the updated list. */
  app.post('/api/presets/delete', { preHandler }, async (request) => {
    const user = requireUser(request);
    const body = presetDeleteSchema.parse(request.body ?? {});
    const presetId = 'presetId' in body ? body.presetId : undefined;
    const deletedCount = await deletePresets(ctx.db, user.id, presetId);
    if (presetId && deletedCount === 0) throw new AppError('not_found', 'Preset not found.');
    return presented(user.id);
  });
}
