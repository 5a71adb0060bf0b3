import { describe, expect, it } from 'vitest';
import { dateGroup } from './date-groups.ts';

describe('dateGroup (sidebar headings)', () => {
  const now = new Date(2024, 5, 15, 10, 0);
  it('files by calendar day in the viewer’s zone', () => {
    expect(dateGroup(new Date(2024, 5, 15, 0, 1).toISOString(), now)).toBe('today');
    expect(dateGroup(new Date(2024, 5, 14, 23, 59).toISOString(), now)).toBe('yesterday');
    expect(dateGroup(new Date(2024, 5, 10).toISOString(), now)).toBe('week');
    expect(dateGroup(new Date(2024, 4, 20).toISOString(), now)).toBe('month');
    expect(dateGroup(new Date(2023, 0, 1).toISOString(), now)).toBe('older');
  });
});
