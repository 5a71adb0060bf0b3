import { describe, expect, it } from 'vitest';
import { startGoogleFake, type GoogleFake } from '@parley/testkit';
import { generateKeyPairSync } from 'node:crypto';
import { strictOutboundPolicy } from '../../net/outbound-url.ts';
import { collect, failureOf, fakeUpstreamOutbound, runProviderSuite } from '../../test-support/provider-suite.ts';
import { geminiThinkingBudget, googleProvider } from './google-provider.ts';
import { createServiceAccountTokens } from './service-account.ts';

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
        model: 'gemini-3.7-flash',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: 'AIza-test',
        baseURL: fake.url,
        ...overrides,
      }),
      passThrough: {
        // A PaLM id answers through its Gemini successor, with the Gemini API key.
        model: 'chat-bison',
        options: { temperature: 0.2, topP: 0.95, topK: 40, maxOutputTokens: 1024, modelLabel: 'Gem', promptPrefix: 'Short.', examples },
        expectSent: (request) => {
          expect(request.path).toBe('/v1beta/models/gemini-3.7-flash:streamGenerateContent');
          expect(request.query.alt).toBe('sse');
          expect(request.headers['x-goog-api-key']).toBe('AIza-test');
          expect(request.body).toMatchObject({
            // The user's cap is the answer's; thinking gets its own room on top. Gemini 3 thinks by level, not budget.
            generationConfig: {
              temperature: 0.2,
              topP: 0.95,
              topK: 40,
              maxOutputTokens: 1024 + geminiThinkingBudget,
              thinkingConfig: { thinkingLevel: 'high', includeThoughts: true },
            },
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
        model: 'gemini-3.7-flash',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: key,
        baseURL: fake.url,
        outbound: fakeUpstreamOutbound,
        ...overrides,
      }),
      passThrough: {
        model: 'gemini-3.7-flash',
        options: { temperature: 0.7 },
        expectSent: (request) => {
          // The location is GOOGLE_VERTEX_LOCATION's, `global` when unset.
          expect(request.path).toBe('/v1/projects/parley-test/locations/global/publishers/google/models/gemini-3.7-flash:streamGenerateContent');
          expect(request.headers.authorization).toMatch(/^Bearer ya29\.fake-/);
          expect(request.body).toMatchObject({ generationConfig: { temperature: 0.7, thinkingConfig: { thinkingLevel: 'high' } } });
          expect(request.body).not.toHaveProperty('generationConfig.thinkingConfig.thinkingBudget');
        },
      },
    };
  },
  { lengthReason: 'MAX_TOKENS' },
);

describe('google provider specifics', () => {
  // The app context's cache in production; one for this block, as its tests expect tokens kept between calls.
  const serviceAccountTokens = createServiceAccountTokens();
  const ask = (fake: GoogleFake, model: string, apiKey: string, more: { owner?: string; outbound?: typeof strictOutboundPolicy } = {}) =>
    googleProvider.stream(
      {
        model,
        messages: [{ role: 'user', content: 'Tell me' }, { role: 'assistant', content: 'What?' }, { role: 'user', content: 'a joke' }],
        options: {},
        apiKey,
        baseURL: fake.url,
        outbound: fakeUpstreamOutbound,
        serviceAccountTokens,
        ...more,
      },
      new AbortController().signal,
    );

  /**
   * `pem` and another RSA key's PEM, the shorter padded with trailing newlines (which PEM readers
   * skip) to the other's length: a key of the same length, as an attacker could make one.
   */
  function sameLengthKeys(pem: string): [string, string] {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const length = Math.max(pem.length, other.length);
    return [pem.padEnd(length, '\n'), other.padEnd(length, '\n')];
  }

  it("never hands a user a token cached for another user's key with the same client_email and key length", async () => {
    const fake = await startGoogleFake();
    try {
      const [victimKey, attackerKey] = sameLengthKeys(fake.serviceAccount.private_key);
      expect(attackerKey).toHaveLength(victimKey.length);
      const victim = JSON.stringify({ ...fake.serviceAccount, private_key: victimKey });
      await collect(ask(fake, 'chat-bison', victim, { owner: 'victim' }));
      const attacker = JSON.stringify({ ...fake.serviceAccount, private_key: attackerKey });
      // The attacker's own key signs the assertion, which the token server refuses.
      expect((await failureOf(ask(fake, 'chat-bison', attacker, { owner: 'attacker' }))).code).toBe('invalid_api_key');
      // Even the very same key, held by another user, gets its own token.
      await collect(ask(fake, 'chat-bison', victim, { owner: 'someone-else' }));
      expect(fake.requests.filter((r) => r.path === '/token')).toHaveLength(3);
      expect(fake.requests.filter((r) => r.path.endsWith(':streamGenerateContent'))).toHaveLength(2);
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

  it('exchanges a signed JWT at the key token_uri, reuses the token, and calls the PaLM ids as Gemini on Vertex', async () => {
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
      expect(first.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('')).toBe('Echo: a joke');
      const calls = fake.requests.filter((r) => r.path.includes('/publishers/google/models/'));
      expect(calls.map((r) => r.path.split('/models/')[1])).toEqual(['gemini-3.7-flash:streamGenerateContent', 'gemini-3.5-flash-lite:streamGenerateContent']);
      expect(calls[0]!.body).toMatchObject({
        contents: [{ role: 'user', parts: [{ text: 'Tell me' }] }, { role: 'model', parts: [{ text: 'What?' }] }, { role: 'user', parts: [{ text: 'a joke' }] }],
      });
    } finally {
      await fake.close();
    }
  });

  it("maps Gemini's 400 API_KEY_INVALID to invalid_api_key and answers the PaLM ids with a plain key", async () => {
    const fake = await startGoogleFake({ apiKey: 'right' });
    try {
      expect((await failureOf(ask(fake, 'gemini-3.7-flash', 'wrong'))).code).toBe('invalid_api_key');
      await collect(ask(fake, 'codechat-bison', 'right'));
      expect(fake.requests.at(-1)!.path).toBe('/v1beta/models/gemini-3.7-flash:streamGenerateContent');
    } finally {
      await fake.close();
    }
  });

  it('never lets thinking empty the reply: the whole answer fits the cap and thoughts stream as reasoning', async () => {
    const fake = await startGoogleFake();
    try {
      fake.enqueue({ reasoning: ['Weighing ', 'it.'], chunks: ['a', 'b', 'c', 'd', 'e'] });
      const request = { model: 'text-bison', messages: [{ role: 'user' as const, content: 'q' }], options: { maxOutputTokens: 5 }, apiKey: 'k', baseURL: fake.url };
      const events = await collect(googleProvider.stream(request, new AbortController().signal));
      expect(events.filter((e) => e.type === 'reasoning').map((e) => (e as { delta: string }).delta).join('')).toBe('Weighing it.');
      expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('')).toBe('abcde');
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    } finally {
      await fake.close();
    }
  });

  it('shows a safety block of the prompt or of the answer as content_filtered, rate limits by RetryInfo', async () => {
    const fake = await startGoogleFake();
    try {
      const ask1 = () => googleProvider.stream({ model: 'chat-bison', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'k', baseURL: fake.url }, new AbortController().signal);
      fake.enqueue({ blocked: 'prompt' }, { blocked: 'reply', chunks: ['a', 'b'] }, { status: 429 }, { status: 429, quota: true }, { forbidden: 'region' , status: 400 });
      expect((await failureOf(ask1())).code).toBe('content_filtered');
      expect((await failureOf(ask1())).code).toBe('content_filtered');
      expect((await failureOf(ask1())).code).toBe('upstream_rate_limited');
      expect((await failureOf(ask1())).code).toBe('upstream_out_of_credit');
      expect((await failureOf(ask1())).code).toBe('upstream_forbidden');
    } finally {
      await fake.close();
    }
  });

  it('keeps the 2.5 thinking budget for Gemini 2.5 models and a level for Gemini 3, each accepted by the fake', async () => {
    const fake = await startGoogleFake();
    try {
      const request = (model: string, leastReasoning = false) => ({ model, messages: [{ role: 'user' as const, content: 'q' }], options: {}, apiKey: 'k', baseURL: fake.url, leastReasoning });
      for (const [model, least] of [['gemini-2.5-flash-lite', false], ['gemini-3.5-flash-lite', true], ['gemini-3.7-flash', false]] as const) {
        expect((await collect(googleProvider.stream(request(model, least), new AbortController().signal))).at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      }
      const configs = fake.requests.map((r) => (r.body as { generationConfig: { thinkingConfig: object } }).generationConfig.thinkingConfig);
      expect(configs).toEqual([{ thinkingBudget: geminiThinkingBudget, includeThoughts: true }, { thinkingLevel: 'minimal' }, { thinkingLevel: 'high', includeThoughts: true }]);
    } finally {
      await fake.close();
    }
  });

  it('calls Vertex AI in the location GOOGLE_VERTEX_LOCATION names', async () => {
    const fake = await startGoogleFake();
    try {
      const key = JSON.stringify(fake.serviceAccount);
      const request = { model: 'gemini-3.7-flash', messages: [{ role: 'user' as const, content: 'q' }], options: {}, apiKey: key, baseURL: fake.url, outbound: fakeUpstreamOutbound };
      await collect(googleProvider.stream({ ...request, settings: { vertexLocation: 'europe-west4' } }, new AbortController().signal));
      expect(fake.requests.at(-1)!.path).toBe('/v1/projects/parley-test/locations/europe-west4/publishers/google/models/gemini-3.7-flash:streamGenerateContent');
    } finally {
      await fake.close();
    }
  });
});
