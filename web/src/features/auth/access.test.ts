import { describe, expect, it } from 'vitest';
import { canEnterChat } from './access.ts';

describe('canEnterChat (who gets past the /login redirect)', () => {
  it('lets signed-in users in under every access mode', () => {
    for (const mode of ['accounts', 'keys', 'both'] as const) expect(canEnterChat('authenticated', mode)).toBe(true);
  });

  it('sends anonymous visitors to login in accounts mode', () => {
    expect(canEnterChat('anonymous', 'accounts')).toBe(false);
  });

  it('admits visitors (free allowance or stored key) in keys and both mode', () => {
    expect(canEnterChat('anonymous', 'keys')).toBe(true);
    expect(canEnterChat('anonymous', 'both')).toBe(true);
  });

  it('waits while the session is being restored in accounts mode', () => {
    expect(canEnterChat('restoring', 'accounts')).toBe(false);
  });
});
