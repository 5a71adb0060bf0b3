import { auditQuerySchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { listAudit } from '../../services/audit/audit-log.ts';

/** `GET /api/admin/audit`: the audit log, newest first, filtered and paged. */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/audit', async (request) => listAudit(ctx.db, auditQuerySchema.parse(request.query ?? {})));
}
