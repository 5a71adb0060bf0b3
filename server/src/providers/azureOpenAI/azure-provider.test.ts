import { describe, expect, it } from 'vitest';
import { azureImagesMinApiVersion, startAzureOpenAIFake, tinyPngBase64 } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../../test-support/provider-suite.ts';
import { azureOpenAIProvider } from './azure-provider.ts';

const credential = (deployment?: string, version = '2024-10-21') =>
  JSON.stringify({
    azureOpenAIApiInstanceName: 'parley-east',
    ...(deployment ? { azureOpenAIApiDeploymentName: deployment } : {}),
    azureOpenAIApiVersion: version,
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
        // A version that takes the reasoning models' fields (developer, reasoning_effort).
        apiKey: credential('chat-deploy', '2025-04-01-preview'),
        baseURL: fake.url,
        ...overrides,
      }),
      unknownModel: { apiKey: credential('no-such-deployment', '2025-04-01-preview') },
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
      // GPT-6.1 Sol always reasons: the Responses API, its deployment as the model.
      expect(fake.requests.map((r) => r.path)).toEqual(['/openai/deployments/fast/chat/completions', '/openai/v1/responses']);
      expect(fake.requests[1]!.body).toMatchObject({ model: 'smart' });
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

  describe('reasoning-model fields by api-version, each accepted by the strict fake', () => {
    const send = async (version: string, model = 'gpt-4o') => {
      const fake = await startAzureOpenAIFake({ deployments: { chat: 'gpt-6.1-terra' } });
      try {
        const options = { promptPrefix: 'Be brief.', temperature: 0.5, max_tokens: 200 };
        const events = await collect(azureOpenAIProvider.stream({ model, messages: [{ role: 'user', content: 'q' }], options, apiKey: credential('chat', version), baseURL: fake.url }, new AbortController().signal));
        expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
        return fake.requests[0]!.body as Record<string, unknown>;
      } finally {
        await fake.close();
      }
    };

    it('2024-12-01-preview on: developer role, reasoning_effort none and the sliders', async () => {
      expect(await send('2024-12-01-preview')).toMatchObject({ reasoning_effort: 'none', temperature: 0.5, max_completion_tokens: 200, messages: [{ role: 'developer' }, { role: 'user' }] });
    });

    it('2024-10-21: a system turn, max_completion_tokens, and no reasoning_effort (so no sampling: the model reasons)', async () => {
      const sent = await send('2024-10-21');
      expect(sent).toMatchObject({ max_completion_tokens: 200, messages: [{ role: 'system' }, { role: 'user' }] });
      expect(sent).not.toHaveProperty('reasoning_effort');
      expect(sent).not.toHaveProperty('temperature');
    });

    it('2024-08-01-preview: no max_completion_tokens either', async () => {
      const sent = await send('2024-08-01-preview');
      expect(sent).not.toHaveProperty('max_completion_tokens');
      expect(sent).not.toHaveProperty('max_tokens');
    });
  });

  it("streams a reasoning model's reasoning through Azure's v1 Responses API, the deployment as its model", async () => {
    const fake = await startAzureOpenAIFake({ apiKey: 'azure-key', deployments: { thinker: 'gpt-6.1-sol' } });
    try {
      fake.enqueue({ reasoning: ['Weighing ', 'it.'], chunks: ['Done'] });
      const events = await collect(azureOpenAIProvider.stream({ model: 'gpt-o3', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: credential('thinker'), baseURL: fake.url }, new AbortController().signal));
      expect(fake.requests[0]).toMatchObject({ path: '/openai/v1/responses', body: { model: 'thinker', reasoning: { effort: 'high', summary: 'auto' } } });
      expect(fake.requests[0]!.query).not.toHaveProperty('api-version');
      expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as { delta: string }).delta).join('')).toBe('Weighing it.');
      expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('')).toBe('Done');
    } finally {
      await fake.close();
    }
  });

  it('edits the attached picture on the image deployment instead of drawing anew', async () => {
    const fake = await startAzureOpenAIFake({ apiKey: 'azure-key', deployments: { draw: 'gpt-image-2.6-flare' } });
    try {
      const key = JSON.stringify({ ...JSON.parse(credential()), azureOpenAIApiDeployments: { 'gpt-4o-image': 'draw' }, azureOpenAIImagesApiVersion: azureImagesMinApiVersion });
      const picture = { mediaType: 'image/png', data: Buffer.from(tinyPngBase64, 'base64'), filename: 'dot.png' };
      const events = await collect(azureOpenAIProvider.stream({ model: 'gpt-4o-image', messages: [{ role: 'user', content: 'make it red', attachments: [picture] }], options: {}, apiKey: key, baseURL: fake.url }, new AbortController().signal));
      expect(events.find((e) => e.type === 'image')).toBeDefined();
      expect(fake.requests[0]).toMatchObject({ path: '/openai/deployments/draw/images/edits', query: { 'api-version': azureImagesMinApiVersion } });
      expect(String(fake.requests[0]!.body)).toMatch(/name="image(\[\])?"/);
    } finally {
      await fake.close();
    }
  });
});
