import type { ChannelType } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import type { Channel, ChannelEndpoint } from './channel.ts';

/** The endpoint of each `*_API_KEY` variable and the channel type it becomes. */
const envChannelTypes: readonly [ChannelEndpoint, ChannelType][] = [
  ['openAI', 'openai'],
  ['azureOpenAI', 'azure'],
  ['anthropic', 'anthropic'],
  ['google', 'google'],
  ['deepSeek', 'deepseek'],
  ['grok', 'xai'],
];

/**
 * Today's `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`… each as one channel named `env-<type>` (a
 * `user_provided` one is the users' own keys, not a channel): its base URL, every model of its
 * endpoint, priority 0, weight 1.
 */
export function envChannels(env: Env): Channel[] {
  return envChannelTypes.flatMap(([endpoint, type]): Channel[] => {
    const settings = endpointSettings(env, endpoint);
    if (!settings.serverKey) return [];
    return [
      { name: `env-${type}`, type, endpoint, baseURL: settings.baseURL, keys: [settings.serverKey], models: [], modelMapping: {}, priority: 0, weight: 1, source: 'env' },
    ];
  });
}
