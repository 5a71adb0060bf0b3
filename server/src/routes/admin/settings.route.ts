import { businessSettingsPatchSchema } from '@parley/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { consoleCallerOf } from './console-caller.ts';
import { settingsForConsole, updateSettingsFromConsole } from '../../services/business-settings/settings-console.ts';

/** The console's Models and prices section: the operator's settings over the environment's, changed at once on every instance. */
export async function settingsConsoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/settings', async () => settingsForConsole(ctx));
  app.put('/settings', async (request) => updateSettingsFromConsole(ctx, consoleCallerOf(request), businessSettingsPatchSchema.parse(request.body ?? {})));
}
