import { Readable } from 'node:stream';
import { adminUsageQuerySchema, USAGE_CSV_MAX } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { searchUsageRecords, usageRecordsCsvLines } from '../../services/usage-records/usage-record-admin.ts';

/** The console's Usage records section: every caller's calls, filtered and paged, or streamed as CSV (at most USAGE_CSV_MAX rows). */
export async function usageConsoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/usage', async (request, reply) => {
    const { format, limit, offset, ...filters } = adminUsageQuerySchema.parse(request.query ?? {});
    if (format === 'json') return searchUsageRecords(ctx.db, filters, { limit, offset });
    reply.header('content-disposition', 'attachment; filename="usage-records.csv"');
    return reply.type('text/csv; charset=utf-8').send(Readable.from(usageRecordsCsvLines(ctx.db, filters, USAGE_CSV_MAX)));
  });
}
