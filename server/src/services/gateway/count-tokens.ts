import type { AnthropicCountTokensRequest } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { anthropicTarget } from './dialects/anthropic/anthropic-upstream.ts';
import { fromAnthropicRequest } from './dialects/anthropic/from-anthropic-request.ts';
import { openUpstream, readJson } from './dialects/upstream-call.ts';
import { countCallerRequest, type GatewayCaller } from './gateway-caller.ts';
import { gatewayFailure } from './gateway-failure.ts';
import { routeModel } from './model-route.ts';
import { promptTextOf } from './prompt-text.ts';
import { upstreamTarget } from './upstream-target.ts';

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
  try {
    const answer = await openUpstream(anthropicTarget(target.credentials.baseURL, target.credentials.apiKey, '/messages/count_tokens', headers), { ...raw, model: target.upstreamModel }, signal);
    return await readJson<{ input_tokens: number }>(answer);
  } catch (error) {
    throw gatewayFailure(error);
  }
}
