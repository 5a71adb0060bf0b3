import { describe, expect, it } from 'vitest';
import { initials } from './user-avatar.tsx';

describe('initials (the user menu badge)', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('ada byron lovelace')).toBe('AL');
  });

  it('takes two characters of a single word, including CJK names', () => {
    expect(initials('grace')).toBe('GR');
    expect(initials('张伟')).toBe('张伟');
  });

  it('shows a question mark for an empty name', () => {
    expect(initials('  ')).toBe('?');
  });
});
