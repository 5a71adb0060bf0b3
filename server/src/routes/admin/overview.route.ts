import { overviewQuerySchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { consoleOverview } from '../../services/overview/console-overview.ts';

/** `GET /api/admin/overview?days=1|7|30`: the console's first page. */
export async function overviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/overview', async (request) => {
    const { days } = overviewQuerySchema.parse(request.query ?? {});
    const channelTypes = new Map(ctx.channels.list().map((c) => [c.name, c.type]));
    return consoleOverview({ db: ctx.db, timeZone: ctx.env.TZ, channelTypes, liveStreams: () => ctx.streams.liveTotal() }, days as 1 | 7 | 30);
  });
}
