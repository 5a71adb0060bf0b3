import { describe, expect, it } from 'vitest';
import { startAzureOpenAIFake } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../provider-suite.ts';
import { azureOpenAIProvider } from './azure-provider.ts';

const credential = (deployment?: string) =>
  JSON.stringify({
    azureOpenAIApiInstanceName: 'parley-east',
    ...(deployment ? { azureOpenAIApiDeploymentName: deployment } : {}),
    azureOpenAIApiVersion: '2024-10-21',
    azureOpenAIApiKey: 'azure-key',
  });

runProviderSuite(
  'azureOpenAI',
  async () => {
    const fake = await startAzureOpenAIFake({ apiKey: 'azure-key' });
    return {
      provider: azureOpenAIProvider,
      fake,
      streaming: true,
      request: (overrides) => ({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: credential('chat-deploy'),
        baseURL: fake.url,
        ...overrides,
      }),
      passThrough: {
        model: 'gpt-4',
        options: { temperature: 1.5, top_p: 0.5, promptPrefix: 'Use lists.' },
        expectSent: (request) => {
          expect(request.body).toMatchObject({
            temperature: 1.5,
            top_p: 0.5,
            messages: [{ role: 'system', content: 'Use lists.' }, { role: 'user', content: 'Hi' }],
          });
        },
      },
    };
  },
  { lengthReason: 'length' },
);

describe('azureOpenAI provider specifics', () => {
  it('refuses an instance name that would lead off openai.azure.com (`evil.com#`)', async () => {
    const key = JSON.stringify({ azureOpenAIApiInstanceName: 'evil.com#', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'k' });
    const stream = azureOpenAIProvider.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: key }, new AbortController().signal);
    const failure = await failureOf(stream);
    expect(failure.code).toBe('invalid_api_key');
    expect(failure.upstreamMessage).toMatch(/Azure instance refused: .*letters, digits and hyphens/);
  });

  const ask = (apiKey: string, baseURL: string) =>
    azureOpenAIProvider.stream({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey, baseURL }, new AbortController().signal);

  it('calls the deployment path with api-version and the api-key header, even behind a base URL', async () => {
    const fake = await startAzureOpenAIFake();
    try {
      await collect(ask(credential('my-gpt'), `${fake.url}/openai/`));
      const [request] = fake.requests;
      expect(request!.path).toBe('/openai/deployments/my-gpt/chat/completions');
      expect(request!.query['api-version']).toBe('2024-10-21');
      expect(request!.headers['api-key']).toBe('azure-key');
      expect(request!.headers.authorization).toBeUndefined();
    } finally {
      await fake.close();
    }
  });

  it('deploys by model id without dots when the key names no deployment', async () => {
    const fake = await startAzureOpenAIFake();
    try {
      await collect(ask(credential(), fake.url));
      expect(fake.requests[0]!.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions');
    } finally {
      await fake.close();
    }
  });

  it('refuses a credential that is not the Azure key JSON', async () => {
    expect((await failureOf(ask('plain-key', 'http://127.0.0.1:9'))).code).toBe('invalid_api_key');
    expect((await failureOf(ask('{"azureOpenAIApiKey":"k"}', 'http://127.0.0.1:9'))).code).toBe('invalid_api_key');
  });
});
