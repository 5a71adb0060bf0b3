import { describe, expect, it } from 'vitest';
import { withQuery } from './with-query.ts';

describe('withQuery', () => {
  it('adds the parameters that have a value, encoded, and no "?" when none has', () => {
    expect(withQuery('/api/usage/daily', { days: 30, tz: 'Asia/Shanghai', before: undefined, q: '', x: null })).toBe('/api/usage/daily?days=30&tz=Asia%2FShanghai');
    expect(withQuery('/api/admin/keys', { active: false })).toBe('/api/admin/keys?active=false');
    expect(withQuery('/api/admin/keys', {})).toBe('/api/admin/keys');
  });
});
