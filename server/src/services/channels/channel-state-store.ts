import { sql } from 'drizzle-orm';
import type { ChannelStateName } from '@parley/core';
import type { Db } from '../../db/client.ts';
import { channelStates } from '../../db/schema.ts';

/** A channel's decided state; a channel with no row is enabled and not cooling down. */
export interface ChannelStatus {
  state: ChannelStateName;
  reason: string | null;
  /** Epoch ms until which a 429's `retry-after` keeps it out of the rotation. */
  cooldownUntil: number | null;
}

export const enabledStatus: ChannelStatus = { state: 'enabled', reason: null, cooldownUntil: null };

/** Every stored channel state, by channel name. */
export async function readChannelStates(db: Db): Promise<Map<string, ChannelStatus>> {
  const rows = await db.select().from(channelStates);
  return new Map(rows.map((row) => [row.name, { state: row.state, reason: row.reason, cooldownUntil: row.cooldownUntil?.getTime() ?? null }]));
}

/** Stores one channel's state (the last writer wins: every writer writes the whole state). */
export async function writeChannelState(db: Db, name: string, status: ChannelStatus): Promise<void> {
  const values = { state: status.state, reason: status.reason, cooldownUntil: status.cooldownUntil === null ? null : new Date(status.cooldownUntil) };
  await db
    .insert(channelStates)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: channelStates.name, set: { ...values, updatedAt: sql`now()` } });
}
