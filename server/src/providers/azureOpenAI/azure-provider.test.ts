import { describe, expect, it } from 'vitest';
import { azureImagesMinApiVersion, startAzureOpenAIFake } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../../test-support/provider-suite.ts';
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
    const fake = await startAzureOpenAIFake({ apiKey: 'azure-key', deployments: { 'chat-deploy': 'gpt-6.1-terra' } });
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
      unknownModel: { apiKey: credential('no-such-deployment') },
      passThrough: {
        // gpt-4o answers as GPT-6.1 Terra with reasoning off, which takes temperature and top_p.
        model: 'gpt-4o',
        options: { temperature: 1.5, top_p: 0.5, frequency_penalty: 1, promptPrefix: 'Use lists.' },
        expectSent: (request) => {
          expect(request.path).toBe('/openai/deployments/chat-deploy/chat/completions');
          expect(request.body).toMatchObject({
            model: 'chat-deploy',
            reasoning_effort: 'none',
            temperature: 1.5,
            top_p: 0.5,
            messages: [{ role: 'developer', content: 'Use lists.' }, { role: 'user', content: 'Hi' }],
          });
          expect(request.body).not.toHaveProperty('frequency_penalty');
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
    const fake = await startAzureOpenAIFake({ deployments: { 'my-gpt': 'gpt-6-luna' } });
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
      expect(fake.requests[0]!.path).toBe('/openai/deployments/gpt-6-luna/chat/completions');
    } finally {
      await fake.close();
    }
  });

  it('sends each model to its own deployment from the key (or AZURE_OPENAI_DEPLOYMENTS)', async () => {
    const fake = await startAzureOpenAIFake({ deployments: { fast: 'gpt-6-luna', smart: 'gpt-6.1-sol' } });
    const key = JSON.stringify({ ...JSON.parse(credential()), azureOpenAIApiDeployments: 'gpt-3.5-turbo=fast,gpt-6.1-sol=smart' });
    try {
      await collect(ask(key, fake.url));
      await collect(azureOpenAIProvider.stream({ model: 'gpt-4', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: key, baseURL: fake.url }, new AbortController().signal));
      expect(fake.requests.map((r) => r.path)).toEqual(['/openai/deployments/fast/chat/completions', '/openai/deployments/smart/chat/completions']);
    } finally {
      await fake.close();
    }
  });

  it('shows a content-filtered prompt or answer as content_filtered, after the text that came before', async () => {
    const fake = await startAzureOpenAIFake({ deployments: { 'gpt-6-luna': 'gpt-6-luna' } });
    try {
      fake.enqueue({ blocked: 'prompt' }, { blocked: 'reply', chunks: ['Once ', 'upon'] });
      expect((await failureOf(ask(credential(), fake.url))).code).toBe('content_filtered');
      const seen: string[] = [];
      const failure = await failureOf(
        (async function* () {
          for await (const event of ask(credential(), fake.url)) {
            if (event.type === 'text') seen.push(event.delta);
            yield event;
          }
        })(),
      );
      expect(failure.code).toBe('content_filtered');
      expect(seen.join('')).toBe('Once upon');
    } finally {
      await fake.close();
    }
  });

  it("draws the picture model on its own deployment, with the key's images API version", async () => {
    const fake = await startAzureOpenAIFake({ apiKey: 'azure-key', deployments: { draw: 'gpt-image-2.6-flare' } });
    const draw = (key: Record<string, unknown>) =>
      azureOpenAIProvider.stream(
        { model: 'gpt-4o-image', messages: [{ role: 'user', content: 'a red fox' }], options: {}, apiKey: JSON.stringify({ ...JSON.parse(credential()), ...key }), baseURL: fake.url },
        new AbortController().signal,
      );
    try {
      const events = await collect(draw({ azureOpenAIApiDeployments: { 'gpt-4o-image': 'draw' }, azureOpenAIImagesApiVersion: azureImagesMinApiVersion }));
      expect(events.find((e) => e.type === 'image')).toMatchObject({ url: expect.stringMatching(/^data:image\/png;base64,/) });
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      const [request] = fake.requests;
      expect(request).toMatchObject({ path: '/openai/deployments/draw/images/generations', query: { 'api-version': azureImagesMinApiVersion } });
      expect(request!.headers['api-key']).toBe('azure-key');
      expect(request!.body).toMatchObject({ prompt: 'a red fox', n: 1 });
      // Without the images version the chat one (2024-10-21) is used, which Azure refuses for GPT Image.
      const refused = await failureOf(draw({ azureOpenAIApiDeployments: { 'gpt-4o-image': 'draw' } }));
      expect(refused.upstreamStatus).toBe(400);
      expect(fake.requests[1]!.query['api-version']).toBe('2024-10-21');
    } finally {
      await fake.close();
    }
  });

  it('refuses a credential that is not the Azure key JSON', async () => {
    expect((await failureOf(ask('plain-key', 'http://127.0.0.1:9'))).code).toBe('invalid_api_key');
    expect((await failureOf(ask('{"azureOpenAIApiKey":"k"}', 'http://127.0.0.1:9'))).code).toBe('invalid_api_key');
  });
});
