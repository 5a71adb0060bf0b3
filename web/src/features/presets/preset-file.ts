import { storedRowFields, type Preset } from '@parley/core';

export type PresetFileResult = { ok: true; preset: Record<string, unknown> } | { ok: false };

/**
 * SPEC point 5: an imported file is parsed as JSON without further checks (the server validates
 * it on save). Its `presetId` is dropped so the server stores it under a new id.
 */
export function parsePresetFile(text: string): PresetFileResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false };
  return { ok: true, preset: { ...(json as Record<string, unknown>), presetId: null } };
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
