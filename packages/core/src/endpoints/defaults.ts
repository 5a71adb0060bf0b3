import type { EndpointName } from './names.ts';

export interface AgentOptions {
  agent: 'functions' | 'classic';
  skipCompletion: boolean;
  model: string;
  temperature: number;
}

const openAIStyle = {
  model: 'gpt-3.5-turbo',
  chatGptLabel: null,
  promptPrefix: null,
  temperature: 1,
  top_p: 1,
  presence_penalty: 0,
  frequency_penalty: 0,
};

/** The options a new conversation starts with, per endpoint (SPEC point 3). */
export const endpointDefaults: Readonly<Record<EndpointName, Readonly<Record<string, unknown>>>> = {
  openAI: openAIStyle,
  azureOpenAI: openAIStyle,
  deepSeek: openAIStyle,
  grok: openAIStyle,
  google: {
    model: 'chat-bison',
    modelLabel: null,
    promptPrefix: null,
    examples: [{ input: { content: '' }, output: { content: '' } }],
    temperature: 0.2,
    maxOutputTokens: 1024,
    topP: 0.95,
    topK: 40,
  },
  bingAI: {
    model: 'BingAI',
    jailbreak: false,
    systemMessage: null,
    context: null,
    toneStyle: 'creative',
    jailbreakConversationId: null,
    conversationSignature: null,
    clientId: null,
    invocationId: 1,
  },
  anthropic: {
    model: 'claude-1',
    modelLabel: null,
    promptPrefix: null,
    temperature: 1,
    maxOutputTokens: 4000,
    topP: 0.7,
    topK: 5,
  },
  chatGPTBrowser: { model: 'text-davinci-002-render-sha' },
  gptPlugins: {
    model: 'gpt-3.5-turbo',
    chatGptLabel: null,
    promptPrefix: null,
    temperature: 0.8,
    top_p: 1,
    presence_penalty: 0,
    frequency_penalty: 0,
    tools: [],
    agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-3.5-turbo', temperature: 0 },
  },
};

/**
 * The model a new conversation gets: the endpoint default when the configured list offers it,
 * else the list's first entry (so a deepSeek list of `deepseek-r1` wins over `gpt-3.5-turbo`).
 */
export function defaultModelFor(endpoint: EndpointName, available?: readonly string[]): string {
  const preferred = endpointDefaults[endpoint].model as string;
  if (!available || available.length === 0 || available.includes(preferred)) return preferred;
  return available[0]!;
}

/** Full defaults of a new conversation, with the model (and the plugin agent model) fitted to the lists. */
export function newConversationOptions(
  endpoint: EndpointName,
  lists: { models?: readonly string[]; agentModels?: readonly string[] } = {},
): Record<string, unknown> {
  const base = structuredClone(endpointDefaults[endpoint]) as Record<string, unknown>;
  base.model = defaultModelFor(endpoint, lists.models);
  if (endpoint === 'gptPlugins') {
    const agent = base.agentOptions as AgentOptions;
    const agentModels = lists.agentModels;
    if (agentModels && agentModels.length > 0 && !agentModels.includes(agent.model)) agent.model = agentModels[0]!;
  }
  return base;
}
