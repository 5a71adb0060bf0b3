import { azureImagesMinApiVersion, startAzureOpenAIFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.ts';
import { azureOpenAIProvider } from '../../providers/azureOpenAI/azure-provider.ts';
import { collect, failureOf } from '../../test-support/provider-suite.ts';
import { endpointSettings } from './endpoint-settings.ts';

const azureKey = { azureOpenAIApiInstanceName: 'east', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'azure-key' };

describe("the server's Azure key with AZURE_OPENAI_DEPLOYMENTS and AZURE_OPENAI_IMAGES_API_VERSION", () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startAzureOpenAIFake({ apiKey: 'azure-key', deployments: { 'chat-4o': 'gpt-6.1-terra', mine: 'gpt-6.1-terra', draw: 'gpt-image-2.6-flare' } });
  });
  afterAll(() => fake.close());

  const serverKey = (vars: Record<string, string>, key: unknown = azureKey) =>
    endpointSettings(parseEnv({ AZURE_OPENAI_API_KEY: typeof key === 'string' ? key : JSON.stringify(key), AZURE_OPENAI_BASE_URL: fake.url, ...vars }), 'azureOpenAI').serverKey!;
  const call = (model: string, apiKey: string) =>
    azureOpenAIProvider.stream({ model, messages: [{ role: 'user', content: 'a red fox' }], options: {}, apiKey, baseURL: fake.url }, new AbortController().signal);
  const vars = { AZURE_OPENAI_DEPLOYMENTS: 'gpt-4o=chat-4o,gpt-4o-image=draw', AZURE_OPENAI_IMAGES_API_VERSION: azureImagesMinApiVersion };

  it('sends each model to its deployment, and pictures with the images API version', async () => {
    const key = serverKey(vars);
    const before = fake.requests.length;
    await collect(call('gpt-4o', key));
    const events = await collect(call('gpt-4o-image', key));
    expect(events.some((e) => e.type === 'image')).toBe(true);
    expect(fake.requests.slice(before).map((r) => [r.path, r.query['api-version']])).toEqual([
      ['/openai/deployments/chat-4o/chat/completions', '2024-10-21'],
      ['/openai/deployments/draw/images/generations', azureImagesMinApiVersion],
    ]);
  });

  it("lets the key's own fields win over the variables", async () => {
    const key = serverKey(vars, { ...azureKey, azureOpenAIApiDeployments: { 'gpt-4o': 'mine' } });
    const before = fake.requests.length;
    await collect(call('gpt-4o', key));
    expect(fake.requests[before]!.path).toBe('/openai/deployments/mine/chat/completions');
  });

  it('leaves the key alone without the variables, and a key that is not JSON for the provider to refuse', async () => {
    expect(serverKey({}, azureKey)).toBe(JSON.stringify(azureKey));
    expect(serverKey(vars, 'not-json')).toBe('not-json');
    expect((await failureOf(call('gpt-4o', serverKey(vars, 'not-json')))).code).toBe('invalid_api_key');
  });

  it('touches no other endpoint', () => {
    const env = parseEnv({ OPENAI_API_KEY: '{"a":1}', ...vars });
    expect(endpointSettings(env, 'openAI').serverKey).toBe('{"a":1}');
  });
});
