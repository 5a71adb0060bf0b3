import { describe, expect, it } from 'vitest';
import { canExport } from './export-target.ts';

describe('canExport', () => {
  it('allows a saved conversation id', () => {
    expect(canExport('3f1c2a9e-0b5d-4c1e-9a77-2b6f1e0d4c33')).toBe(true);
  });

  it('refuses a missing id, the unsaved "new" chat and the "search" pseudo-conversation', () => {
    expect(canExport(null)).toBe(false);
    expect(canExport(undefined)).toBe(false);
    expect(canExport('')).toBe(false);
    expect(canExport('new')).toBe(false);
    expect(canExport('search')).toBe(false);
  });
});
