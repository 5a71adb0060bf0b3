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

  it('reads OPENAI_API and the Vertex location, refusing values that are neither', () => {
    expect(parseEnv({}).OPENAI_API).toBeUndefined();
    expect(parseEnv({ OPENAI_API: 'chat' }).OPENAI_API).toBe('chat');
    expect(() => parseEnv({ OPENAI_API: 'completions' })).toThrow(/OPENAI_API/);
    expect(parseEnv({}).GOOGLE_VERTEX_LOCATION).toBe('global');
    expect(parseEnv({ GOOGLE_VERTEX_LOCATION: 'europe-west4' }).GOOGLE_VERTEX_LOCATION).toBe('europe-west4');
    // It becomes part of a host name.
    expect(() => parseEnv({ GOOGLE_VERTEX_LOCATION: 'evil.com#' })).toThrow(/GOOGLE_VERTEX_LOCATION/);
  });

  it('rejects a CREDS_KEY that is not 32 bytes of hex', () => {
    expect(() => parseEnv({ CREDS_KEY: 'short' })).toThrow(/CREDS_KEY/);
  });

  it('stops when mail or the in-page reset link is on without a PUBLIC_URL to build reset links from', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/PUBLIC_URL: required when SMTP_URL is set/);
    expect(() => parseEnv({ ALLOW_PASSWORD_RESET_LINK: 'true' })).toThrow(/PUBLIC_URL: required when ALLOW_PASSWORD_RESET_LINK/);
    const env = parseEnv({ SMTP_URL: 'smtp://mail.example.com:587', PUBLIC_URL: 'https://chat.example.com' });
    expect(env).toMatchObject({ SMTP_URL: 'smtp://mail.example.com:587', ALLOW_PASSWORD_RESET_LINK: false });
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['1', 1],
    ['3', 3],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback', ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']],
  ])('reads TRUST_PROXY=%s as %j (true is one hop, not every hop)', (raw, expected) => {
    expect(parseEnv(raw === undefined ? {} : { TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['everything', '10.0.0.1/33', '300.1.1.1', '10.0.0.1,', '-1'])('refuses TRUST_PROXY=%s', (raw) => {
    expect(() => parseEnv({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});
