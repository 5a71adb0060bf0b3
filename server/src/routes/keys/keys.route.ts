import { deleteAllKeysSchema, keyNameSchema, saveKeySchema, type DeletedCount, type KeyStatus, type SavedKey } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { presentKeyStatus } from '../../presenters/present-key-status.ts';
import { checkKeyToStore, keyEndpoint } from '../../services/keys/key-rules.ts';
import { deleteUserKeys, storeUserKey, userKeyExpiry } from '../../services/keys/user-key-store.ts';

export async function keysRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);

  app.put('/api/keys', { preHandler }, async (request): Promise<SavedKey> => {
    const user = requireUser(request);
    const body = saveKeySchema.parse(request.body ?? {});
    const endpoint = keyEndpoint(body.name);
    const expiresAt = new Date(body.expiresAt);
    checkKeyToStore(ctx.env, endpoint, body.value, expiresAt);
    const saved = await storeUserKey(ctx.db, ctx.secrets.credsKey, { userId: user.id, endpoint, value: body.value, expiresAt });
    return { name: endpoint, ...presentKeyStatus(saved.expiresAt) };
  });

  app.get('/api/keys', { preHandler }, async (request): Promise<KeyStatus> => {
    const user = requireUser(request);
    const { name } = keyNameSchema.parse(request.query);
    return presentKeyStatus(await userKeyExpiry(ctx.db, user.id, keyEndpoint(name)));
  });

  app.delete('/api/keys/:name', { preHandler }, async (request): Promise<DeletedCount> => {
    const user = requireUser(request);
    const { name } = keyNameSchema.parse(request.params);
    return { deletedCount: await deleteUserKeys(ctx.db, user.id, keyEndpoint(name)) };
  });

  /** Revoking every provided key needs the explicit `?all=true`, so a bare DELETE cannot do it by accident. */
  app.delete('/api/keys', { preHandler }, async (request): Promise<DeletedCount> => {
    const user = requireUser(request);
    deleteAllKeysSchema.parse(request.query);
    return { deletedCount: await deleteUserKeys(ctx.db, user.id) };
  });
}
