import { describe, expect, it } from 'vitest';
import { isKeyUsable, keyExpiryOptions, keyExpiryProblem, MAX_KEY_LIFETIME_MS, saveKeySchema } from './user-key.ts';

const now = Date.parse('2025-01-01T00:00:00Z');

describe('key expiry window', () => {
  it('offers 30 min, 2 h, 12 h, 1 d, 7 d and 30 d, the longest being the allowed maximum', () => {
    expect(keyExpiryOptions.map((o) => o.id)).toEqual(['30m', '2h', '12h', '1d', '7d', '30d']);
    expect(keyExpiryOptions.at(-1)!.ms).toBe(MAX_KEY_LIFETIME_MS);
  });

  it('accepts an expiry in the future up to 30 days ahead and refuses past, present and later ones', () => {
    expect(keyExpiryProblem(new Date(now + 1000), now)).toBeUndefined();
    expect(keyExpiryProblem(new Date(now + MAX_KEY_LIFETIME_MS), now)).toBeUndefined();
    expect(keyExpiryProblem(new Date(now), now)).toBe('validation.key.expired');
    expect(keyExpiryProblem(new Date(now - 1), now)).toBe('validation.key.expired');
    expect(keyExpiryProblem(new Date(now + MAX_KEY_LIFETIME_MS + 3_600_000), now)).toBe('validation.key.tooLong');
    expect(keyExpiryProblem(new Date('nonsense'), now)).toBe('validation.key.expired');
  });

  it('treats a key as usable only with an expiry that is still ahead', () => {
    expect(isKeyUsable(null, now)).toBe(false);
    expect(isKeyUsable(new Date(now - 1), now)).toBe(false);
    expect(isKeyUsable(new Date(now + 1).toISOString(), now)).toBe(true);
  });
});

describe('saveKeySchema', () => {
  it('requires a non-blank value and an ISO expiry', () => {
    expect(saveKeySchema.safeParse({ name: 'openAI', value: '  ', expiresAt: new Date(now).toISOString() }).error?.issues[0]?.message).toBe(
      'validation.key.required',
    );
    expect(saveKeySchema.safeParse({ name: 'openAI', value: 'sk-1', expiresAt: 'tomorrow' }).success).toBe(false);
    expect(saveKeySchema.parse({ name: 'openAI', value: ' sk-1 ', expiresAt: '2025-01-02T00:00:00.000Z' }).value).toBe('sk-1');
  });
});
