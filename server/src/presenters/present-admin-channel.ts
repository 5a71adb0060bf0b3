import type { AdminChannel } from '@parley/core';
import type { ChannelView } from '../services/channels/create-channels.ts';

/** A channel as the console lists it (the view already holds no key; its base URL is left out too). */
export function presentAdminChannel(view: ChannelView): AdminChannel {
  return {
    name: view.name,
    type: view.type,
    source: view.source,
    state: view.state,
    reason: view.reason,
    cooldownUntil: view.cooldownUntil?.toISOString() ?? null,
    priority: view.priority,
    weight: view.weight,
    keys: view.keys,
    models: view.models,
  };
}
