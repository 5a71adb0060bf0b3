import { createAnthropic } from '@ai-sdk/anthropic';
import { acceptedSampling, upstreamInfo, upstreamModel, type UpstreamModelInfo } from '@parley/core';
import { streamModel } from '../ai-sdk-stream.ts';
import { conversationMessages, numberOption, systemPrompt, type TextMessage } from '../prompt.ts';
import { requireKey, samplingOptions } from '../sampling.ts';
import type { ChatProvider } from '../types.ts';

/** The spec's `maxOutputTokens` default for Claude (SPEC point 3 parameters). */
export const claudeDefaultMaxOutput = 4000;
/** Thinking headroom on top of the answer's cap: the extended-thinking budget (LibreChat's default), and what adaptive thinking may spend. */
export const claudeThinkingBudget = 2000;

interface ClaudeThinking {
  thinking?: { type: 'adaptive'; display: 'summarized' | 'omitted' } | { type: 'enabled'; budgetTokens: number } | { type: 'disabled' };
  /** `output_config.effort`: the lever of the models that cannot stop thinking. */
  effort?: 'low';
  /** Tokens added to the answer's cap for thinking that max_tokens must also hold. */
  headroom: number;
}

/**
 * How the call thinks (see the provider's comment). The least reasoning (a title) switches
 * thinking off where the model allows it, and asks the always-thinking models for low effort
 * with their thoughts omitted.
 */
function claudeThinking(info: UpstreamModelInfo | undefined, leastReasoning: boolean): ClaudeThinking {
  const mode = info?.claudeThinking;
  if (mode === 'always' && leastReasoning) return { thinking: { type: 'adaptive', display: 'omitted' }, effort: 'low', headroom: claudeThinkingBudget };
  if (leastReasoning) return { thinking: mode === 'adaptive' ? { type: 'disabled' } : undefined, headroom: 0 };
  if (mode === 'adaptive' || mode === 'always') return { thinking: { type: 'adaptive', display: 'summarized' }, headroom: claudeThinkingBudget };
  if (info?.capabilities.reasoning) return { thinking: { type: 'enabled', budgetTokens: claudeThinkingBudget }, headroom: 0 };
  return { headroom: 0 };
}

/**
 * The thinking of an agent's Claude calls, set explicitly as in a chat: the model's way of
 * thinking, whose blocks (with their signatures) the AI SDK hands back within the tool loop, as
 * Anthropic requires while thinking is on. Undefined for an id the catalog does not know.
 */
export function claudeAgentThinking(upstreamId: string) {
  const { thinking } = claudeThinking(upstreamInfo(upstreamId), false);
  return thinking && { anthropic: { thinking } };
}

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
/**
 * A continued reply ends the conversation on its own unfinished turn (a prefill), which Claude
 * refuses from 4.6 on and whenever it thinks: that turn goes as a user turn quoting it instead.
 */
function withoutPrefill(messages: TextMessage[]): TextMessage[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return messages;
  const quoted = `Your reply so far, cut off before it was finished:\n\n${last.content}\n\nContinue it from exactly where it stops. Do not repeat any of it and do not comment on this instruction.`;
  return [...messages.slice(0, -1), { role: 'user', content: quoted }];
}

export const anthropicProvider: ChatProvider = {
  async *stream(request, signal) {
    const anthropic = createAnthropic({ apiKey: requireKey(request.apiKey), baseURL: request.baseURL });
    const upstream = upstreamModel('anthropic', request.model, request.modelAliases);
    const { thinking, effort, headroom } = claudeThinking(upstreamInfo(upstream.id), request.leastReasoning === true);
    const thinks = thinking !== undefined && thinking.type !== 'disabled';
    const answerCap = numberOption(request.options, 'maxOutputTokens') ?? claudeDefaultMaxOutput;
    yield* streamModel(
      {
        model: anthropic(upstream.id),
        system: systemPrompt(request.options, request.messages),
        messages: withoutPrefill(conversationMessages(request.messages)),
        ...(thinks ? {} : acceptedSampling(upstream.id, samplingOptions(request.options), false)),
        maxOutputTokens: answerCap + headroom,
        ...(thinking ? { providerOptions: { anthropic: { thinking, ...(effort ? { effort } : {}) } } } : {}),
      },
      signal,
    );
  },
};
