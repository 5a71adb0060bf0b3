import { adminCodesQuerySchema, createCodesRequestSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { consoleCallerOf } from './console-caller.ts';
import { createCodesFromConsole, disableCodeFromConsole, listCodesForConsole } from '../../services/codes/code-console.ts';

const codeIdSchema = z.object({ id: z.string().min(1).max(64) });

/** The console's Redemption codes section: list with state, make a batch (the codes shown in the answer only), disable. */
export async function codesConsoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  app.get('/codes', async (request) => listCodesForConsole(db, adminCodesQuerySchema.parse(request.query ?? {})));
  app.post('/codes', async (request) => createCodesFromConsole(db, consoleCallerOf(request), createCodesRequestSchema.parse(request.body ?? {})));
  app.post('/codes/:id/disable', async (request) => disableCodeFromConsole(db, consoleCallerOf(request), codeIdSchema.parse(request.params).id));
}
