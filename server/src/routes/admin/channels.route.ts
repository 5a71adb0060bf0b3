import { channelNameParamSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { adminOf } from '../../http/require-admin.ts';
import { presentAdminChannel } from '../../presenters/present-admin-channel.ts';
import { setChannelStateFromConsole, testChannelFromConsole } from '../../services/channels/channel-console.ts';

const nameOf = (request: FastifyRequest) => channelNameParamSchema.parse(request.params).name;

/** The console's Channels section: the upstream accounts, their state and why, enable, disable, test. */
export async function channelsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const caller = (request: FastifyRequest) => ({ actor: adminOf(request), ip: request.ip });

  app.get('/channels', async () => ({ items: ctx.channels.list().map(presentAdminChannel) }));

  app.post('/channels/:name/enable', async (request) => setChannelStateFromConsole(ctx.channels, ctx.db, caller(request), nameOf(request), 'enabled'));

  app.post('/channels/:name/disable', async (request) => setChannelStateFromConsole(ctx.channels, ctx.db, caller(request), nameOf(request), 'disabled'));

  app.post('/channels/:name/test', async (request) => testChannelFromConsole(ctx.channels, ctx.db, caller(request), nameOf(request)));
}
