import { addKeyQuotaRequestSchema, adminKeysQuerySchema, createKeysRequestSchema, extendKeyRequestSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { consoleCallerOf } from './console-caller.ts';
import { addKeyQuotaFromConsole, createKeysFromConsole, extendKeyFromConsole, listKeysForConsole, revokeKeyFromConsole } from '../../services/access/key-console.ts';

const keyIdSchema = z.object({ id: z.string().min(1).max(64) });
const idOf = (request: FastifyRequest) => keyIdSchema.parse(request.params).id;

/** The console's Keys section: search, make a batch (the keys shown in the answer only), add quota, revoke, extend. */
export async function keysConsoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  app.get('/keys', async (request) => listKeysForConsole(db, adminKeysQuerySchema.parse(request.query ?? {})));
  app.post('/keys', async (request) => createKeysFromConsole(db, consoleCallerOf(request), createKeysRequestSchema.parse(request.body ?? {})));
  app.post('/keys/:id/quota', async (request) => addKeyQuotaFromConsole(db, consoleCallerOf(request), idOf(request), addKeyQuotaRequestSchema.parse(request.body ?? {}).amount));
  app.post('/keys/:id/revoke', async (request) => revokeKeyFromConsole(db, consoleCallerOf(request), idOf(request)));
  app.post('/keys/:id/extend', async (request) => extendKeyFromConsole(db, consoleCallerOf(request), idOf(request), extendKeyRequestSchema.parse(request.body ?? {}).days));
}
