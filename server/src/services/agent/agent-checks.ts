import { toolPluginKeys } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { assertModelOffered, type ModelCaller } from '../models/offered-model.ts';
import { assertPluginsUsable } from '../plugins/usable-plugins.ts';
import { agentEndpoint } from './agent-model.ts';

/**
 * Before anything is held or sent: a gptPlugins ask with tools names only plugins this caller
 * may use, and its agent model (`agentOptions.model`, run on the account agentModel picks) is
 * one that account's endpoint offers this caller. The conversation's own model is checked by
 * the ask itself.
 */
export async function assertAgentRunnable(ctx: Pick<AppContext, 'env' | 'db' | 'mcp' | 'models'>, caller: ModelCaller & { id: string }, options: Record<string, unknown>): Promise<void> {
  const pluginKeys = toolPluginKeys(options.tools);
  if (pluginKeys.length === 0) return;
  await assertPluginsUsable(ctx, caller.id, pluginKeys);
  const model = (options.agentOptions as { model?: string } | undefined)?.model;
  if (model) await assertModelOffered(ctx, agentEndpoint(ctx, model).endpoint, model, caller);
}
