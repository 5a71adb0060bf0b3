import { describe, expect, it } from 'vitest';
import { defaultExportSettings, exportSupport, exportTypes, settingsForType } from './export-types.ts';

describe('export settings', () => {
  it('default to a screenshot named after the conversation, or "file" without a title', () => {
    expect(defaultExportSettings('Cats')).toMatchObject({ type: 'screenshot', filename: 'Cats', includeOptions: false, branches: false, recursive: true });
    expect(defaultExportSettings(null).filename).toBe('file');
    expect(defaultExportSettings('   ').filename).toBe('file');
  });

  it('do not support options for csv and screenshot, and nesting only for json', () => {
    expect(exportTypes.filter((type) => !exportSupport(type).includeOptions)).toEqual(['screenshot', 'csv']);
    expect(exportTypes.filter((type) => exportSupport(type).recursive)).toEqual(['json']);
  });

  it('switch branch export on for json and csv and off for every other type', () => {
    let settings = defaultExportSettings('Cats');
    for (const type of exportTypes) {
      settings = settingsForType(settings, type);
      expect(settings.branches).toBe(type === 'json' || type === 'csv');
      expect(settings.includeOptions).toBe(type === 'text' || type === 'markdown' || type === 'json');
    }
  });

  it('keep the file name and the JSON nesting choice across type changes', () => {
    const json = { ...settingsForType(defaultExportSettings('Cats'), 'json'), recursive: false, filename: 'mine' };
    expect(settingsForType(settingsForType(json, 'text'), 'json')).toMatchObject({ recursive: false, filename: 'mine', branches: true });
  });
});
