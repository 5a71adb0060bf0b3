import { describe, expect, it } from 'vitest';
import { canEnterChat } from './access.ts';

describe('canEnterChat (who gets past the /login redirect)', () => {
  it('lets signed-in users in under every access mode', () => {
    for (const mode of ['accounts', 'keys', 'both'] as const) expect(canEnterChat('authenticated', mode, false)).toBe(true);
  });

  it('sends anonymous visitors to login in accounts mode, even with a stored key', () => {
    expect(canEnterChat('anonymous', 'accounts', true)).toBe(false);
  });

  it('admits visitors in keys mode, and in both mode only with a stored key', () => {
    expect(canEnterChat('anonymous', 'keys', false)).toBe(true);
    expect(canEnterChat('anonymous', 'both', true)).toBe(true);
    expect(canEnterChat('anonymous', 'both', false)).toBe(false);
  });

  it('waits while the session is being restored', () => {
    expect(canEnterChat('restoring', 'accounts', false)).toBe(false);
  });
});
