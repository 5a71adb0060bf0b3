import type { Preset } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { parsePresetFile, presetFileContent, presetFileName } from './preset-file.ts';
import { presetFromSetup, presetOptions, setupFromPreset } from './preset-setup.ts';

const stored: Preset = {
  presetId: 'p-1',
  title: 'Poet',
  endpoint: 'anthropic',
  model: 'claude-2',
  temperature: 0.4,
  promptPrefix: 'Answer in verse.',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
};

describe('preset import (SPEC point 5)', () => {
  it('reads any JSON object and clears its id so the server stores it as a new preset', () => {
    const parsed = parsePresetFile(JSON.stringify(stored));
    expect(parsed).toEqual({ ok: true, preset: { ...stored, presetId: null } });
  });

  it('refuses text that is not a JSON object', () => {
    expect(parsePresetFile('{"title": ').ok).toBe(false);
    expect(parsePresetFile('[1, 2]').ok).toBe(false);
    expect(parsePresetFile('42').ok).toBe(false);
  });

  it('names the field a preset fails on, with the bound it breaks', () => {
    const file = (fields: object) => parsePresetFile(JSON.stringify({ title: 'Bad', endpoint: 'openAI', model: 'gpt-4o', ...fields }));
    expect(file({ temperature: 3 })).toEqual({ ok: false, problem: { field: 'temperature', kind: 'too_big', limit: 2 } });
    expect(file({ temperature: -1 })).toEqual({ ok: false, problem: { field: 'temperature', kind: 'too_small', limit: 0 } });
    expect(file({ temperature: 'warm' })).toMatchObject({ ok: false, problem: { field: 'temperature', kind: 'invalid_type' } });
    expect(file({ title: 'x'.repeat(201) })).toEqual({ ok: false, problem: { field: 'title', kind: 'too_long', limit: 200 } });
    expect(file({ endpoint: 'nowhere' })).toEqual({ ok: false, problem: { field: 'endpoint', kind: 'invalid' } });
  });
});

describe('preset export', () => {
  it('writes the settings and title without the row timestamps, and re-imports to the same settings', () => {
    const text = presetFileContent(stored);
    expect(JSON.parse(text)).not.toHaveProperty('createdAt');
    const back = parsePresetFile(text);
    expect(back.ok && presetOptions(back.preset)).toEqual({ temperature: 0.4, promptPrefix: 'Answer in verse.' });
  });

  it('names the file after the title, safe for any file system', () => {
    expect(presetFileName('Poet')).toBe('Poet.json');
    expect(presetFileName('a/b: c?')).toBe('a_b_ c_.json');
    expect(presetFileName('')).toBe('preset.json');
  });
});

describe('starting a chat from a preset', () => {
  const modelFor = (endpoint: string) => `${endpoint}-default`;

  it('applies the endpoint, model and every option of the preset', () => {
    expect(setupFromPreset(stored, ['openAI', 'anthropic'], modelFor)).toEqual({
      setup: { endpoint: 'anthropic', model: 'claude-2', options: { temperature: 0.4, promptPrefix: 'Answer in verse.' } },
    });
  });

  it('opens nothing on another endpoint when the server does not offer the preset’s, and names the one it needs', () => {
    expect(setupFromPreset(stored, ['google', 'openAI'], modelFor)).toEqual({ unavailable: 'anthropic' });
    expect(setupFromPreset({ ...stored, endpoint: 'bingAI' }, ['openAI'], modelFor)).toEqual({ unavailable: 'bingAI' });
  });

  it('saves a chat setup as a new preset under the chosen title', () => {
    const preset = presetFromSetup({ endpoint: 'openAI', model: 'gpt-4o', options: { temperature: 0.5 } }, 'My Preset');
    expect(preset).toEqual({ temperature: 0.5, presetId: null, title: 'My Preset', endpoint: 'openAI', model: 'gpt-4o' });
  });
});
