import { describe, expect, it } from 'vitest';
import { isAccessKeyPrefix, maskAccessKey } from './access-key.ts';

const key = `sk-${'a1B2'.repeat(12)}`;

describe('access key in the interface', () => {
  it('tells a key still being typed from a wrong one', () => {
    expect(['s', 'sk', 'sk-', key.slice(0, 30), key.slice(0, -1)].every(isAccessKeyPrefix)).toBe(true);
    expect(['x', 'sk_', 'sk-ab!', key].some(isAccessKeyPrefix)).toBe(false);
  });

  it('masks all but the prefix and the last four characters', () => {
    expect(maskAccessKey(key)).toBe('sk-a1B2…a1B2');
    expect(maskAccessKey(key)).not.toContain(key.slice(7, -4));
  });
});
