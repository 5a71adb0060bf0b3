import type { ChannelTestAnswer } from '@parley/core';
import { AppError } from '../../app/errors.ts';
import type { Db } from '../../db/client.ts';
import { presentAdminChannel } from '../../presenters/present-admin-channel.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ConsoleCaller } from '../users/user-console.ts';
import { UnknownChannelError, type ChannelView, type Channels } from './create-channels.ts';

/** What an audit entry keeps of a channel. */
const stateOf = (view: ChannelView) => ({ state: view.state, reason: view.reason, cooldownUntil: view.cooldownUntil?.toISOString() ?? null });

function viewOf(channels: Channels, name: string): ChannelView {
  const view = channels.list().find((c) => c.name === name);
  if (!view) throw new AppError('not_found');
  return view;
}

async function known<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnknownChannelError) throw new AppError('not_found');
    throw error;
  }
}

/**
 * `channel:enable` / `channel:disable` from the console, the same change the command makes. The
 * channel's state lives in the channels' own store (shared by every instance); the audit entry
 * is written once it is stored.
 */
export async function setChannelStateFromConsole(channels: Channels, db: Db, caller: ConsoleCaller, name: string, state: 'enabled' | 'disabled') {
  const before = viewOf(channels, name);
  const after = await known(() => channels.setState(name, state));
  await recordAudit(db, { ...caller, action: state === 'enabled' ? 'channel.enable' : 'channel.disable', target: name, before: stateOf(before), after: stateOf(after) });
  return presentAdminChannel(after);
}

/** `channel:test` from the console: each key asked for a word; an auto-disabled channel that passes is enabled again. */
export async function testChannelFromConsole(channels: Channels, db: Db, caller: ConsoleCaller, name: string): Promise<ChannelTestAnswer> {
  const before = viewOf(channels, name);
  const result = await known(() => channels.test(name));
  const after = viewOf(channels, name);
  await recordAudit(db, { ...caller, action: 'channel.test', target: name, before: stateOf(before), after: { ...stateOf(after), ok: result.ok, model: result.model } });
  return { model: result.model, ok: result.ok, keys: result.keys, channel: presentAdminChannel(after) };
}
