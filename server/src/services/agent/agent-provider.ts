import { wrapLanguageModel } from 'ai';
import { toolPluginKeys } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { conversationMessages, systemPrompt } from '../../providers/prompt.ts';
import { getProvider } from '../../providers/registry.ts';
import type { ChatProvider, ChatRequest, MeteredCall } from '../../providers/types.ts';
import { loadPluginTools } from '../plugins/plugin-tools.ts';
import { pluginsAccount } from '../endpoints/endpoint-settings.ts';
import { findUserById } from '../users/user-service.ts';
import { agentEndpoint, agentModel, type AgentModel } from './agent-model.ts';
import { classicAgent } from './classic-agent.ts';
import { completionRequest } from './completion-step.ts';
import { functionsAgent } from './functions-agent.ts';

/** The agent model with each of its calls held from the payer's quota first, at that model's price. */
function metered(agent: AgentModel, call: MeteredCall, beforeCall: ChatRequest['beforeCall']): AgentModel {
  if (!beforeCall) return agent;
  const model = wrapLanguageModel({
    model: agent.model,
    middleware: {
      specificationVersion: 'v3',
      wrapGenerate: async ({ doGenerate }) => {
        await beforeCall(call);
        return doGenerate();
      },
      wrapStream: async ({ doStream }) => {
        await beforeCall(call);
        return doStream();
      },
    },
  });
  return { ...agent, model };
}

interface AgentOptions {
  agent?: 'functions' | 'classic';
  skipCompletion?: boolean;
  model?: string;
  temperature?: number;
}


/**
 * gptPlugins: without tools a plain chat on its account (OpenAI, or Azure with PLUGINS_USE_AZURE); with tools the agent of `agentOptions` runs
 * (its steps stream as tool-call / tool-result events), and unless `skipCompletion` the
 * conversation's model writes the final answer from the steps.
 */
export function pluginAgentProvider(ctx: AppContext, userId: string): ChatProvider {
  const chat = getProvider(pluginsAccount(ctx.env));
  return {
    async *stream(request, signal) {
      const keys = toolPluginKeys(request.options.tools);
      const user = keys.length > 0 ? await findUserById(ctx.db, userId) : undefined;
      const tools = user ? await loadPluginTools(ctx, userId, user.plugins, keys) : [];
      if (tools.length === 0) {
        yield* chat.stream(request, signal);
        return;
      }
      const options = (request.options.agentOptions ?? {}) as AgentOptions;
      const skipCompletion = options.skipCompletion ?? true;
      // The user's abort, or AGENT_MAX_MS for the whole loop of model and tool calls.
      const runSignal = AbortSignal.any([signal, AbortSignal.timeout(ctx.env.AGENT_MAX_MS)]);
      const model = options.model ?? request.model;
      const call: MeteredCall = { endpoint: agentEndpoint(ctx, model).endpoint, model };
      const run = {
        ...metered(await agentModel(ctx, userId, request, model, options.temperature, runSignal), call, request.beforeCall),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        signal: runSignal,
        log: ctx.log,
      };
      const agent = options.agent === 'classic' ? classicAgent(run, tools, skipCompletion) : functionsAgent(run, tools, skipCompletion);
      let next = await agent.next();
      while (!next.done) {
        yield next.value;
        next = await agent.next();
      }
      if (signal.aborted) return;
      // Out of time: the steps shown stay, and the reply says the agent ran out of time.
      if (runSignal.aborted) throw new AppError('agent_timeout', `agent run passed AGENT_MAX_MS (${ctx.env.AGENT_MAX_MS} ms)`);
      if (skipCompletion) {
        yield { type: 'finish', reason: 'stop' };
        return;
      }
      await request.beforeCall?.({ endpoint: 'gptPlugins', model: request.model });
      yield* chat.stream(completionRequest(request, next.value), signal);
    },
  };
}

