import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3080, DATA_DIR: './data', ALLOW_REGISTRATION: true, SEARCH: true, ACCESS_MODE: 'accounts' });
  });

  it('stops with a message naming each invalid variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', ACCESS_MODE: 'open', REDIS_URL: 'not a url' })).toThrowError(EnvError);
    try {
      parseEnv({ PORT: 'eighty', ACCESS_MODE: 'open', REDIS_URL: 'not a url' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('ACCESS_MODE');
      expect(message).toContain('REDIS_URL');
    }
  });

  it('reads per-endpoint keys and rejects a malformed base URL', () => {
    expect(parseEnv({ OPENAI_API_KEY: 'user_provided' }).OPENAI_API_KEY).toBe('user_provided');
    expect(() => parseEnv({ ANTHROPIC_BASE_URL: 'nope' })).toThrow(/ANTHROPIC_BASE_URL/);
  });

  it('rejects a CREDS_KEY that is not 32 bytes of hex', () => {
    expect(() => parseEnv({ CREDS_KEY: 'short' })).toThrow(/CREDS_KEY/);
  });
});
