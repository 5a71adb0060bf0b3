import { channelBaseUrls, type ChannelEntry } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { channelEndpoints, type Channel } from './channel.ts';
import { ChannelFileError, readChannelFile } from './channel-file.ts';
import { envChannels } from './env-channels.ts';

/** Hosts that are only reached through their preset: their base URL is the preset's unless the file names one. */
const presets = new Set(['qwen', 'glm', 'kimi', 'doubao', 'siliconflow']);

function fileChannel(entry: ChannelEntry): Channel {
  return {
    name: entry.name,
    type: entry.type,
    endpoint: channelEndpoints[entry.type],
    baseURL: entry.base_url ?? (presets.has(entry.type) ? channelBaseUrls[entry.type] : undefined),
    keys: entry.keys,
    models: entry.models,
    modelMapping: entry.model_mapping,
    priority: entry.priority,
    weight: entry.weight,
    source: 'file',
  };
}

/** Every channel of the configuration: CHANNELS_FILE's, then one per server `*_API_KEY`. Throws ChannelFileError. */
export function loadChannels(env: Env): Channel[] {
  const channels = [...readChannelFile(env.CHANNELS_FILE).map(fileChannel), ...envChannels(env)];
  const names = new Set<string>();
  for (const { name } of channels) {
    if (names.has(name.toLowerCase())) throw new ChannelFileError(`CHANNELS_FILE ${env.CHANNELS_FILE}: the channel name "${name}" is taken by an *_API_KEY variable's channel`);
    names.add(name.toLowerCase());
  }
  return channels;
}
