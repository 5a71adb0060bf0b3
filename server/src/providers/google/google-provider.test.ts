import { describe, expect, it } from 'vitest';
import { startGoogleFake, type GoogleFake } from '@parley/testkit';
import { generateKeyPairSync } from 'node:crypto';
import { strictOutboundPolicy } from '../../net/outbound-url.ts';
import { collect, failureOf, fakeUpstreamOutbound, runProviderSuite } from '../provider-suite.ts';
import { googleProvider } from './google-provider.ts';

const examples = [{ input: { content: 'ping' }, output: { content: 'pong' } }];

runProviderSuite(
  'google gemini (API key)',
  async () => {
    const fake = await startGoogleFake({ apiKey: 'AIza-test' });
    return {
      provider: googleProvider,
      fake,
      streaming: true,
      request: (overrides) => ({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: 'AIza-test',
        baseURL: fake.url,
        ...overrides,
      }),
      passThrough: {
        model: 'gemini-2.0-flash',
        options: { temperature: 0.2, topP: 0.95, topK: 40, maxOutputTokens: 1024, modelLabel: 'Gem', promptPrefix: 'Short.', examples },
        expectSent: (request) => {
          expect(request.path).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent');
          expect(request.query.alt).toBe('sse');
          expect(request.headers['x-goog-api-key']).toBe('AIza-test');
          expect(request.body).toMatchObject({
            generationConfig: { temperature: 0.2, topP: 0.95, topK: 40, maxOutputTokens: 1024 },
            systemInstruction: { parts: [{ text: 'You are Gem.\n\nShort.' }] },
            contents: [
              { role: 'user', parts: [{ text: 'ping' }] },
              { role: 'model', parts: [{ text: 'pong' }] },
              { role: 'user', parts: [{ text: 'Hi' }] },
            ],
          });
        },
      },
    };
  },
  { lengthReason: 'MAX_TOKENS' },
);

runProviderSuite(
  'google gemini on Vertex (service account)',
  async () => {
    const fake = await startGoogleFake();
    const key = JSON.stringify(fake.serviceAccount);
    return {
      provider: googleProvider,
      fake,
      streaming: true,
      request: (overrides) => ({
        model: 'gemini-2.5-pro',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: key,
        baseURL: fake.url,
        outbound: fakeUpstreamOutbound,
        ...overrides,
      }),
      passThrough: {
        model: 'gemini-2.5-pro',
        options: { temperature: 0.7 },
        expectSent: (request) => {
          expect(request.path).toBe('/v1/projects/parley-test/locations/us-central1/publishers/google/models/gemini-2.5-pro:streamGenerateContent');
          expect(request.headers.authorization).toMatch(/^Bearer ya29\.fake-/);
          expect(request.body).toMatchObject({ generationConfig: { temperature: 0.7 } });
        },
      },
    };
  },
  { lengthReason: 'MAX_TOKENS' },
);

runProviderSuite('google PaLM via Vertex :predict', async () => {
  const fake = await startGoogleFake();
  const key = JSON.stringify(fake.serviceAccount);
  return {
    provider: googleProvider,
    fake,
    streaming: false,
    request: (overrides) => ({
      model: 'chat-bison',
      messages: [{ role: 'user', content: 'Hi' }],
      options: {},
      apiKey: key,
      baseURL: fake.url,
      outbound: fakeUpstreamOutbound,
      ...overrides,
    }),
    passThrough: {
      model: 'codechat-bison',
      options: { temperature: 0.3, topP: 0.9, topK: 20, maxOutputTokens: 512, promptPrefix: 'You write Go.', examples },
      expectSent: (request) => {
        expect(request.path).toBe('/v1/projects/parley-test/locations/us-central1/publishers/google/models/codechat-bison:predict');
        expect(request.body).toEqual({
          instances: [{ context: 'You write Go.', examples, messages: [{ author: 'user', content: 'Hi' }] }],
          parameters: { temperature: 0.3, topP: 0.9, topK: 20, maxOutputTokens: 512 },
        });
      },
    },
  };
});

describe('google provider specifics', () => {
  const ask = (fake: GoogleFake, model: string, apiKey: string, more: { owner?: string; outbound?: typeof strictOutboundPolicy } = {}) =>
    googleProvider.stream(
      {
        model,
        messages: [{ role: 'user', content: 'Tell me' }, { role: 'assistant', content: 'What?' }, { role: 'user', content: 'a joke' }],
        options: {},
        apiKey,
        baseURL: fake.url,
        outbound: fakeUpstreamOutbound,
        ...more,
      },
      new AbortController().signal,
    );

  /** Another RSA key whose PEM has the same length as `pem`, as an attacker could make in a few tries. */
  function sameLengthKey(pem: string): string {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const other = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      if (other.length === pem.length) return other;
    }
    throw new Error('no same-length key in 50 tries');
  }

  it("never hands a user a token cached for another user's key with the same client_email and key length", async () => {
    const fake = await startGoogleFake();
    try {
      const victim = JSON.stringify(fake.serviceAccount);
      await collect(ask(fake, 'chat-bison', victim, { owner: 'victim' }));
      const attacker = JSON.stringify({ ...fake.serviceAccount, private_key: sameLengthKey(fake.serviceAccount.private_key) });
      // The attacker's own key signs the assertion, which the token server refuses.
      expect((await failureOf(ask(fake, 'chat-bison', attacker, { owner: 'attacker' }))).code).toBe('invalid_api_key');
      // Even the very same key, held by another user, gets its own token.
      await collect(ask(fake, 'chat-bison', victim, { owner: 'someone-else' }));
      expect(fake.requests.filter((r) => r.path === '/token')).toHaveLength(3);
      expect(fake.requests.filter((r) => r.path.endsWith(':predict'))).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it('refuses a token_uri the outbound policy does not allow, before anything is sent to it', async () => {
    const fake = await startGoogleFake();
    try {
      const key = JSON.stringify(fake.serviceAccount);
      const failure = await failureOf(ask(fake, 'chat-bison', key, { outbound: strictOutboundPolicy }));
      expect(failure.code).toBe('invalid_api_key');
      expect(failure.upstreamMessage).toMatch(/token_uri refused: Only https/);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });

  it('exchanges a signed JWT at the key token_uri before calling :predict, and reuses the token', async () => {
    const fake = await startGoogleFake();
    try {
      const key = JSON.stringify({ ...fake.serviceAccount, client_email: 'reuse@parley-test.iam.gserviceaccount.com' });
      // A different client_email makes the fake refuse the assertion: the issuer is checked.
      expect((await failureOf(ask(fake, 'chat-bison', key))).code).toBe('invalid_api_key');

      const good = JSON.stringify(fake.serviceAccount);
      const first = await collect(ask(fake, 'chat-bison', good));
      await collect(ask(fake, 'text-bison', good));
      const tokenCalls = fake.requests.filter((r) => r.path === '/token');
      expect(tokenCalls).toHaveLength(2);
      expect(tokenCalls[1]!.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' });
      expect(first.filter((e) => e.type === 'text')).toEqual([{ type: 'text', delta: 'Echo: a joke' }]);
      const predicts = fake.requests.filter((r) => r.path.endsWith(':predict'));
      expect(predicts[0]!.body).toMatchObject({
        instances: [{ messages: [{ author: 'user', content: 'Tell me' }, { author: 'bot', content: 'What?' }, { author: 'user', content: 'a joke' }] }],
      });
      expect(predicts[1]!.body).toMatchObject({ instances: [{ prompt: 'Tell me\n\nWhat?\n\na joke' }] });
    } finally {
      await fake.close();
    }
  });

  it('maps Gemini\'s 400 API_KEY_INVALID to invalid_api_key and refuses PaLM with a plain key', async () => {
    const fake = await startGoogleFake({ apiKey: 'right' });
    try {
      expect((await failureOf(ask(fake, 'gemini-2.5-flash', 'wrong'))).code).toBe('invalid_api_key');
      expect((await failureOf(ask(fake, 'chat-bison', 'right'))).code).toBe('invalid_api_key');
    } finally {
      await fake.close();
    }
  });
});
