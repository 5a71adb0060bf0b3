import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hasher.ts';

describe('password hasher', () => {
  it('stores argon2id hashes that verify only the original password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('correct horse');
    await expect(verifyPassword(stored, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'correct horse battery!')).resolves.toBe(false);
  });

  it('refuses accounts without a password after doing comparable work', async () => {
    const fastest = async (run: () => Promise<unknown>) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await run();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    await expect(verifyPassword(null, 'anything at all')).resolves.toBe(false);
    const stored = await hashPassword('another secret');
    const unknown = await fastest(() => verifyPassword(null, 'anything at all'));
    const known = await fastest(() => verifyPassword(stored, 'wrong guess'));
    // Same order of magnitude: a missing account must not answer instantly.
    expect(unknown).toBeGreaterThan(known / 4);
  });

  it('treats a malformed stored hash as a mismatch instead of crashing the login', async () => {
    await expect(verifyPassword('not-a-phc-string', 'whatever')).resolves.toBe(false);
  });
});
