import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { testEnv } from '../../test/app.ts';
import { resolveCredentials } from './credentials.ts';

describe('resolveCredentials', () => {
  const env = testEnv({ OPENAI_API_KEY: 'sk-server', OPENAI_BASE_URL: 'http://proxy.local/v1', ANTHROPIC_API_KEY: 'user_provided' });

  it('uses the server key and base URL, sharing the OpenAI account with gptPlugins', () => {
    expect(resolveCredentials(env, 'openAI')).toEqual({ apiKey: 'sk-server', baseURL: 'http://proxy.local/v1' });
    expect(resolveCredentials(env, 'gptPlugins')).toEqual({ apiKey: 'sk-server', baseURL: 'http://proxy.local/v1' });
  });

  it('refuses a user_provided endpoint with no_user_key and an unconfigured one as unknown', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(codeOf(() => resolveCredentials(env, 'anthropic'))).toBe('no_user_key');
    expect(codeOf(() => resolveCredentials(env, 'google'))).toBe('unknown_endpoint');
  });
});
