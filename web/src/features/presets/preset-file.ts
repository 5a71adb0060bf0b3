import { presetInputSchema, storedRowFields, type Preset } from '@parley/core';
import type { core } from 'zod';

/** What is wrong with one field of an imported preset, for the import banner to name. */
export interface PresetFieldProblem {
  /** The field's path, as `temperature` or `examples.0.input`. */
  field: string;
  kind: 'too_big' | 'too_small' | 'too_long' | 'invalid_type' | 'invalid';
  /** The bound broken, for `too_big`, `too_small` and `too_long`. */
  limit?: number;
}

export type PresetFileResult = { ok: true; preset: Record<string, unknown> } | { ok: false; problem?: PresetFieldProblem };

/**
 * SPEC point 5: an imported file is a JSON object; it is checked with the schema the server
 * saves with, so a bad value is named (`temperature: must be at most 2`) before anything is
 * sent. Its `presetId` is dropped so the server stores it under a new id.
 */
export function parsePresetFile(text: string): PresetFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false };
  const preset = { ...(json as Record<string, unknown>), presetId: null };
  const checked = presetInputSchema.safeParse(preset);
  if (checked.success) return { ok: true, preset };
  const issue = checked.error.issues[0]!;
  return { ok: false, problem: { field: issue.path.join('.') || 'preset', ...problemOf(issue) } };
}

function problemOf(issue: core.$ZodIssue): Omit<PresetFieldProblem, 'field'> {
  if (issue.code === 'too_big') return { kind: issue.origin === 'number' ? 'too_big' : 'too_long', limit: Number(issue.maximum) };
  if (issue.code === 'too_small') return { kind: 'too_small', limit: Number(issue.minimum) };
  if (issue.code === 'invalid_type') return { kind: 'invalid_type' };
  return { kind: 'invalid' };
}

/** The JSON a preset is exported as: its settings and title, without the row's timestamps. */
export function presetFileContent(preset: Preset | Record<string, unknown>): string {
  const copy: Record<string, unknown> = { ...preset };
  // The stored row's owner and timestamps are not settings.
  for (const field of storedRowFields) delete copy[field];
  return JSON.stringify(copy, null, 2);
}

/** `<title>.json`, with characters that file systems refuse replaced. */
export function presetFileName(title: unknown): string {
  const printable = typeof title === 'string' ? [...title].filter((c) => c >= ' ').join('') : '';
  const base = printable.replace(/[\\/:*?"<>|]+/g, '_').trim();
  return `${base || 'preset'}.json`;
}
