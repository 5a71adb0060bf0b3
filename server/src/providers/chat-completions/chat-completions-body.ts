import { acceptedSampling, isOpenAIReasoningModel, upstreamInfo, type SamplingParameter } from '@parley/core';
import { chatCompletionsMessage } from '../attachment-parts.ts';
import { conversationMessages, numberOption, systemPrompt } from '../prompt.ts';
import { samplingOptions } from '../sampling.ts';
import type { AzureChatFields } from '../azureOpenAI/azure-api-version.ts';
import type { ChatTurn } from '../types.ts';

/** The Chat Completions servers we speak to; they differ in auth, sampling rules, reasoning and usage. */
export type ChatFlavor = 'openai' | 'azure' | 'deepseek' | 'xai';

export interface ChatBodyInput {
  flavor: ChatFlavor;
  /** The upstream model id (Azure: the real model, used for its capabilities; the deployment is in the URL). */
  model: string;
  /** The `model` field sent; Azure sends its deployment name, everyone else the model id. */
  sentModel?: string;
  turns: readonly ChatTurn[];
  options: Record<string, unknown>;
  /** `none` (GPT-6) turns reasoning off, which lets the model take sampling settings. */
  reasoningEffort?: 'none' | 'low' | 'medium' | 'high';
  /** Azure: the reasoning-model fields its api-version accepts; the rest are left out. */
  azureFields?: AzureChatFields;
  /**
   * DeepSeek V4 thinking mode, sent either way: DeepSeek thinks unless told `disabled`. Its
   * reasoning streams as reasoning_content.
   */
  thinking?: boolean;
}


/**
 * The reasoning effort of an OpenAI call: the product's own (gpt-o3-mini → medium), else `none`
 * for a GPT-6 model that takes sampling only with reasoning off — so an alias like gpt-4o keeps
 * answering as a fast chat model that honours its sliders. A call asking for the least reasoning
 * gets `none` where the model can stop reasoning (GPT-6), else `low`.
 */
export function openAIReasoningEffort(model: string, productEffort: ChatBodyInput['reasoningEffort'], leastReasoning = false): ChatBodyInput['reasoningEffort'] {
  const off = upstreamInfo(model)?.samplingOnlyWithoutReasoning ? 'none' : undefined;
  if (leastReasoning && isOpenAIReasoningModel(model)) return off ?? 'low';
  return productEffort ?? off;
}

const wireNames: Record<SamplingParameter, string> = {
  temperature: 'temperature',
  topP: 'top_p',
  topK: 'top_k',
  frequencyPenalty: 'frequency_penalty',
  presencePenalty: 'presence_penalty',
};

/**
 * The sampling settings the model accepts (by the catalog), in Chat Completions' names. Grok's
 * panel has no sliders, so nothing the user cannot see is sent; DeepSeek ignores sampling while
 * it thinks; OpenAI models reason unless the effort is `none`.
 */
function sampling(input: ChatBodyInput): Record<string, number> {
  const { flavor, model } = input;
  if (flavor === 'xai') return {};
  const thinking = flavor === 'deepseek' ? input.thinking === true : isOpenAIReasoningModel(model) && input.reasoningEffort !== 'none';
  if (flavor === 'deepseek' && thinking) return {};
  const wanted = samplingOptions(input.options);
  delete wanted.topK;
  // An unknown OpenAI reasoning model refuses every sampling setting.
  if (thinking && !upstreamInfo(model)) return {};
  const accepted = acceptedSampling(model, wanted, thinking);
  return Object.fromEntries(Object.entries(accepted).map(([key, value]) => [wireNames[key as SamplingParameter], value]));
}

const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

/** A cap on the answer: `max_completion_tokens` for OpenAI reasoning models, which refuse `max_tokens`. */
function outputCap(input: ChatBodyInput): Record<string, number | undefined> {
  const cap = numberOption(input.options, 'max_tokens', 'maxOutputTokens');
  if (cap === undefined) return {};
  const reasoning = (input.flavor === 'openai' || input.flavor === 'azure') && isOpenAIReasoningModel(input.model);
  if (!reasoning) return { max_tokens: cap };
  // An Azure api-version without max_completion_tokens has no cap a reasoning model takes.
  return input.azureFields?.maxCompletionTokens === false ? {} : { max_completion_tokens: cap };
}

/**
 * The streaming request body: the system prompt (a `developer` turn for OpenAI reasoning
 * models), the branch's turns, the sampling settings the model accepts, the output cap in the
 * field the model takes, usage in the stream, and a reasoning effort where the product asks.
 * (xAI's live search, `search_parameters`, is retired: deep search goes through the Responses API.)
 */
export function chatCompletionsBody(input: ChatBodyInput): Record<string, unknown> {
  const system = systemPrompt(input.options, input.turns);
  const developer = (input.flavor === 'openai' || input.flavor === 'azure') && isOpenAIReasoningModel(input.model) && input.azureFields?.developerRole !== false;
  const systemRole = developer ? 'developer' : 'system';
  const messages = [...(system === undefined ? [] : [{ role: systemRole, content: system }]), ...conversationMessages(input.turns).map(chatCompletionsMessage)];
  return withoutUndefined({
    model: input.sentModel ?? input.model,
    ...sampling(input),
    ...outputCap(input),
    reasoning_effort: input.reasoningEffort,
    ...(input.flavor === 'deepseek' ? { thinking: { type: input.thinking ? 'enabled' : 'disabled' } } : {}),
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
}
