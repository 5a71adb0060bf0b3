import { updatePluginSchema, type Plugin, type UserPlugins } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { authenticate, requireUser } from '../../http/authenticate.ts';
import { updateUserPlugin } from '../../services/plugins/install-plugin.ts';
import { listPlugins } from '../../services/plugins/plugin-catalog.ts';

export async function pluginsRoutes(app: FastifyInstance, ctx: AppContext) {
  const preHandler = authenticate(ctx);
  // MCP servers run as long as the app; closing the app stops them.
  app.addHook('onClose', async () => ctx.mcp.close());

  app.get('/api/plugins', { preHandler }, async (request): Promise<Plugin[]> => listPlugins(ctx, requireUser(request).id));

  app.post('/api/user/plugins', { preHandler }, async (request): Promise<UserPlugins> => {
    const user = requireUser(request);
    const body = updatePluginSchema.parse(request.body ?? {});
    const answer = await updateUserPlugin(ctx, user.id, body);
    request.log.info({ userId: user.id, pluginKey: body.pluginKey, action: body.action }, 'plugin updated');
    return answer;
  });
}
