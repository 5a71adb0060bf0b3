import { createAnthropic } from '@ai-sdk/anthropic';
import { upstreamInfo, upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, numberOption, systemPrompt } from '../prompt.ts';
import { acceptedSampling, requireKey, samplingOptions } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/** The spec's `maxOutputTokens` default for Claude (SPEC point 3 parameters). */
export const claudeDefaultMaxOutput = 4000;
/** Thinking headroom on top of the answer's cap: the extended-thinking budget (LibreChat's default), and what adaptive thinking may spend. */
export const claudeThinkingBudget = 2000;

/**
 * Anthropic Messages API. How a Claude model thinks decides the request (the catalog's
 * `claudeThinking`):
 * - Claude 5 and later think adaptively: `thinking: adaptive` with the summarised thinking shown
 *   collapsed, and the same headroom on top of the answer's cap (max_tokens covers both); they
 *   refuse every sampling setting, so none is sent;
 * - older Claude models that think get extended thinking with its own budget (the SDK sends
 *   max_tokens = answer cap + budget); with thinking on, Claude takes no temperature, top_k or
 *   top_p below 0.95, so none is sent;
 * - otherwise the sampling the model accepts is sent (of temperature and top_p, only the first).
 */
export const anthropicProvider: ChatProvider = {
  async *stream(request, signal) {
    const anthropic = createAnthropic({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('anthropic', request.model, request.modelAliases);
    const info = upstreamInfo(upstream.id);
    const adaptive = info?.claudeThinking === 'adaptive' || info?.claudeThinking === 'always';
    const budgeted = !adaptive && info?.capabilities.reasoning === true;
    const answerCap = numberOption(request.options, 'maxOutputTokens') ?? claudeDefaultMaxOutput;
    const thinking = adaptive
      ? { type: 'adaptive', display: 'summarized' }
      : budgeted
        ? { type: 'enabled', budgetTokens: claudeThinkingBudget }
        : undefined;
    yield* streamModel(
      {
        model: anthropic(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        ...(thinking ? {} : acceptedSampling(upstream.id, samplingOptions(request.options), false)),
        maxOutputTokens: adaptive ? answerCap + claudeThinkingBudget : answerCap,
        ...(thinking ? { providerOptions: { anthropic: { thinking } } } : {}),
      },
      signal,
    );
  },
};
