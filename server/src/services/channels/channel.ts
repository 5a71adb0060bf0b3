import type { AliasOverrides, ChannelType } from '@parley/core';

/** The endpoints whose provider serves channels: each channel type speaks one of their APIs. */
export type ChannelEndpoint = 'openAI' | 'azureOpenAI' | 'anthropic' | 'google' | 'deepSeek' | 'grok';

/** One upstream account, as CHANNELS_FILE or an `*_API_KEY` variable defines it. */
export interface Channel {
  name: string;
  type: ChannelType;
  /** Whose provider (and catalog entries) serve it: every OpenAI-compatible host speaks `openAI`. */
  endpoint: ChannelEndpoint;
  /** The configured base URL; undefined: the provider's own. */
  baseURL?: string;
  keys: string[];
  /** The model names it answers; empty for an `*_API_KEY` channel, which serves its endpoint's models. */
  models: string[];
  /** Asked name → the name sent upstream. */
  modelMapping: AliasOverrides;
  /** Higher is tried first. */
  priority: number;
  weight: number;
  source: 'file' | 'env';
}

/** The names a channel answers to: its listed models, then the asked names of its mapping. */
export function namesServed(channel: Channel): string[] {
  return [...new Set([...channel.models, ...Object.keys(channel.modelMapping)])];
}

/** The endpoint whose provider each channel type goes through. */
export const channelEndpoints: Readonly<Record<ChannelType, ChannelEndpoint>> = {
  openai: 'openAI',
  azure: 'azureOpenAI',
  anthropic: 'anthropic',
  google: 'google',
  vertex: 'google',
  deepseek: 'deepSeek',
  xai: 'grok',
  'openai-compatible': 'openAI',
  qwen: 'openAI',
  glm: 'openAI',
  kimi: 'openAI',
  doubao: 'openAI',
  siliconflow: 'openAI',
};
