import { conversationMessages, numberOption, systemPrompt } from '../prompt.ts';
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
  /** xAI live search (the deep-search product). */
  liveSearch?: boolean;
  reasoningEffort?: 'low' | 'medium' | 'high';
}

/**
 * OpenAI's reasoning models (o1, o3, o4-mini…, and gpt-5 onwards except its chat variants)
 * take a `developer` prompt and refuse temperature, top_p and the penalties.
 */
export function isOpenAIReasoningModel(model: string): boolean {
  if (/^o\d+(?:-|$)/.test(model)) return true;
  const gpt = /^gpt-(\d+)(?:\.\d+)?(?:-(.*))?$/.exec(model);
  return gpt !== null && Number(gpt[1]) >= 5 && !(gpt[2] ?? '').startsWith('chat');
}

/** deepseek-reasoner always thinks; DeepSeek ignores sampling settings while it does. */
const isDeepSeekThinking = (model: string) => model === 'deepseek-reasoner';

function sampling(input: ChatBodyInput): Record<string, number | undefined> {
  const { flavor, model, options } = input;
  // The grok panel has no sliders, so nothing the user cannot see is sent.
  if (flavor === 'xai') return {};
  if (flavor === 'deepseek') {
    if (isDeepSeekThinking(model)) return {};
    return { temperature: numberOption(options, 'temperature'), top_p: numberOption(options, 'top_p', 'topP') };
  }
  if (isOpenAIReasoningModel(model)) return {};
  return {
    temperature: numberOption(options, 'temperature'),
    top_p: numberOption(options, 'top_p', 'topP'),
    frequency_penalty: numberOption(options, 'frequency_penalty'),
    presence_penalty: numberOption(options, 'presence_penalty'),
  };
}

const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

/**
 * The streaming request body: the system prompt (a `developer` turn for OpenAI reasoning
 * models), the branch's turns, the sampling settings the model accepts, usage in the stream,
 * and xAI's live search and reasoning effort where the product asks for them.
 */
export function chatCompletionsBody(input: ChatBodyInput): Record<string, unknown> {
  const system = systemPrompt(input.options, input.turns);
  const systemRole = (input.flavor === 'openai' || input.flavor === 'azure') && isOpenAIReasoningModel(input.model) ? 'developer' : 'system';
  const messages = [...(system === undefined ? [] : [{ role: systemRole, content: system }]), ...conversationMessages(input.turns)];
  return withoutUndefined({
    model: input.sentModel ?? input.model,
    ...sampling(input),
    ...(input.liveSearch ? { search_parameters: { mode: 'on', return_citations: true } } : {}),
    reasoning_effort: input.reasoningEffort,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
}
