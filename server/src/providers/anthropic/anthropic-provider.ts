import { createAnthropic } from '@ai-sdk/anthropic';
import { upstreamInfo, upstreamModel } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, numberOption, systemPrompt } from '../prompt.ts';
import { acceptedSampling, requireKey, samplingOptions } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/** The spec's `maxOutputTokens` default for Claude (SPEC point 3 parameters). */
export const claudeDefaultMaxOutput = 4000;
/** Extended-thinking budget, on top of the answer's cap (LibreChat's default budget). */
export const claudeThinkingBudget = 2000;

/**
 * Anthropic Messages API. Claude models that think get extended thinking with its own budget
 * (the SDK sends max_tokens = answer cap + budget), streamed as reasoning and shown collapsed;
 * with thinking on, Claude takes no temperature, top_k or top_p below 0.95, so none is sent.
 * Otherwise the sampling the model accepts is sent (of temperature and top_p, only the first).
 */
export const anthropicProvider: ChatProvider = {
  async *stream(request, signal) {
    const anthropic = createAnthropic({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('anthropic', request.model, request.modelAliases);
    const thinks = upstreamInfo(upstream.id)?.capabilities.reasoning === true;
    yield* streamModel(
      {
        model: anthropic(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: conversationMessages(request.messages),
        ...(thinks ? {} : acceptedSampling(upstream.id, samplingOptions(request.options), false)),
        maxOutputTokens: numberOption(request.options, 'maxOutputTokens') ?? claudeDefaultMaxOutput,
        ...(thinks ? { providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: claudeThinkingBudget } } } } : {}),
      },
      signal,
    );
  },
};
