import type { AnthropicCountTokensRequest } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { anthropicTarget } from './dialects/anthropic/anthropic-upstream.ts';
import { fromAnthropicRequest } from './dialects/anthropic/from-anthropic-request.ts';
import { openUpstream, readJson } from './dialects/upstream-call.ts';
import { countCallerRequest, type GatewayCaller } from './gateway-caller.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { routeModel } from './model-route.ts';
import { promptTextOf } from './prompt-text.ts';
import { callUpstream, upstreamTarget, type UpstreamIo, type UpstreamTarget } from './upstream-target.ts';

/**
 * `count_tokens` of the Messages dialect: a Claude model's count is Anthropic's own (the body
 * passed through, free as it is at Anthropic); any other model's is the cl100k count of the
 * text its translated request would send. Either way the caller's key, allow-list and
 * per-minute limit apply.
 */
export async function countMessageTokens(ctx: AppContext, caller: GatewayCaller, body: AnthropicCountTokensRequest, raw: Record<string, unknown>, headers: Record<string, string>, signal: AbortSignal): Promise<{ input_tokens: number }> {
  const endpoint = await routeModel(ctx, caller, body.model, 'chat');
  await countCallerRequest(ctx, caller);
  if (endpoint !== 'anthropic') {
    const request = fromAnthropicRequest({ ...body, max_tokens: 1 });
    return { input_tokens: await ctx.tokenCounter.count(promptTextOf(request)) };
  }
  const target = await upstreamTarget(ctx, endpoint, body.model, caller.userId);
  const count = async (routed: UpstreamTarget, io: UpstreamIo) => {
    const account = anthropicTarget(routed.credentials.baseURL, routed.credentials.apiKey, '/messages/count_tokens', headers);
    return readJson<{ input_tokens: number }>(await openUpstream(account, { ...raw, model: routed.upstreamModel }, io.signal));
  };
  return callUpstream(ctx, target, count, { signal, streamed: false }).catch((error: unknown) => {
    throw gatewayFailure(error);
  });
}

/** A request's input tokens counted here (cl100k), for the dialects whose model has no count of its own to ask. */
export async function countPromptTokens(ctx: AppContext, caller: GatewayCaller, model: string, promptText: string): Promise<number> {
  await routeModel(ctx, caller, model, 'chat');
  await countCallerRequest(ctx, caller);
  return ctx.tokenCounter.count(promptText);
}
