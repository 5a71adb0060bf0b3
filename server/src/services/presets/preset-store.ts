import { randomUUID } from 'node:crypto';
import type { PresetInput } from '@parley/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { presets } from '../../db/schema.ts';
import type { PresetRow } from '../../presenters/present-preset.ts';

/** The caller's presets, oldest first, so the list keeps its order as presets are edited. */
export async function listPresets(db: Db, userId: string): Promise<PresetRow[]> {
  return db.select().from(presets).where(eq(presets.userId, userId)).orderBy(asc(presets.createdAt), asc(presets.id));
}

/**
 * Saves a preset: a new id for an import (`presetId` null), else an update of the caller's
 * preset with that id (created when it does not exist yet). Answers undefined when the id
 * belongs to another user, whose preset is left untouched.
 */
export async function savePreset(db: Db, userId: string, input: PresetInput): Promise<PresetRow | undefined> {
  const { presetId, title, endpoint, ...options } = input;
  const id = presetId ?? randomUUID();
  const [row] = await db
    .insert(presets)
    .values({ id, userId, title, endpoint, options })
    .onConflictDoUpdate({
      target: presets.id,
      set: { title, endpoint, options, updatedAt: sql`now()` },
      setWhere: eq(presets.userId, userId),
    })
    .returning();
  return row;
}

/** Deletes one of the caller's presets, or all of them when no id is given; answers how many went. */
export async function deletePresets(db: Db, userId: string, presetId?: string): Promise<number> {
  const where = presetId ? and(eq(presets.userId, userId), eq(presets.id, presetId)) : eq(presets.userId, userId);
  const deleted = await db.delete(presets).where(where).returning({ id: presets.id });
  return deleted.length;
}
