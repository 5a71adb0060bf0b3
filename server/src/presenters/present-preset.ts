import type { Preset } from '@parley/core';
import type { presets } from '../db/schema.ts';

export type PresetRow = typeof presets.$inferSelect;

/** The API shape of a preset: its settings at the top level beside the fixed fields, no owner. */
export function presentPreset(row: PresetRow): Preset {
  return {
    ...row.options,
    presetId: row.id,
    title: row.title,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
