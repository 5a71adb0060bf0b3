import { AdminError } from '../users/user-admin.ts';
import { UnknownChannelError, type ChannelView, type Channels } from './create-channels.ts';

export const channelAdminUsage = `  channel:list                             (state, reason, cooldown, priority, weight, key count; never the keys)
  channel:test <name>                      (asks each key for a word; an auto-disabled channel that passes is enabled)
  channel:enable <name>
  channel:disable <name>`;

function stateOf(channel: ChannelView): string {
  const state = channel.reason ? `${channel.state} (${channel.reason})` : channel.state;
  return channel.cooldownUntil ? `${state}, cooling down until ${channel.cooldownUntil.toISOString()}` : state;
}

function listLine(channel: ChannelView): string {
  const models = channel.models.length > 0 ? channel.models.join(',') : `(${channel.source === 'env' ? 'its endpoint' : 'none'})`;
  return [channel.name, channel.type, stateOf(channel), `priority ${channel.priority}`, `weight ${channel.weight}`, `${channel.keys} key(s)`, models].join('\t');
}

function nameOf(args: string[]): string {
  const [name] = args;
  if (!name) throw new AdminError(`Name the channel\n${channelAdminUsage}`);
  return name;
}

async function known<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnknownChannelError) throw new AdminError(error.message);
    throw error;
  }
}

/** The channel commands; undefined when `command` is not one of them. */
export async function runChannelAdminCommand(channels: Channels, command: string, args: string[]): Promise<string | undefined> {
  switch (command) {
    case 'channel:list': {
      const list = channels.list();
      return list.length === 0 ? 'No channels: set CHANNELS_FILE or an *_API_KEY variable' : list.map(listLine).join('\n');
    }
    case 'channel:test': {
      const result = await known(() => channels.test(nameOf(args)));
      const keys = result.keys.map((k) => `  key ${k.key}: ${k.ok ? `ok in ${k.ms} ms` : `failed: ${k.error}`}`);
      const state = channels.list().find((c) => c.name === result.channel)!;
      return [`${result.channel} (${result.model}): ${result.ok ? 'answers' : 'fails'}; now ${stateOf(state)}`, ...keys].join('\n');
    }
    case 'channel:enable':
    case 'channel:disable': {
      const state = command === 'channel:enable' ? 'enabled' : 'disabled';
      const channel = await known(() => channels.setState(nameOf(args), state));
      return `${channel.name} is ${channel.state}`;
    }
    default:
      return undefined;
  }
}
