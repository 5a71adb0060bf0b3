import { usageRecordsQuerySchema, type UsageRecordPage } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { readUsageRecords, usageRecordsCsv } from '../../services/usage-records/usage-record-reader.ts';

/** A CSV export is one file of up to this many rows; `x-next-before` names where the next one starts. */
const CSV_ROWS_MAX = 10_000;

/** `GET /api/usage/records`: the caller's own calls (an account's, or one key's), a page at a time, as JSON or CSV. */
export async function usageRecordsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/usage/records', { preHandler: authenticate(ctx) }, async (request, reply): Promise<UsageRecordPage | string> => {
    const user = requireUser(request);
    const query = usageRecordsQuerySchema.parse(request.query);
    const page = await readUsageRecords(ctx.db, user.id, { limit: query.format === 'csv' ? CSV_ROWS_MAX : query.limit, before: query.before });
    if (query.format === 'json') return page;
    if (page.nextBefore) reply.header('x-next-before', page.nextBefore);
    reply.header('content-disposition', 'attachment; filename="usage.csv"');
    return reply.type('text/csv; charset=utf-8').send(usageRecordsCsv(page.records));
  });
}
