import { describe, expect, it } from 'vitest';
import { startAnthropicFake } from '@parley/testkit';
import { collect, failureOf, runProviderSuite } from '../../test-support/provider-suite.ts';
import { anthropicProvider, claudeDefaultMaxOutput, claudeThinkingBudget } from './anthropic-provider.ts';

const signal = () => new AbortController().signal;

runProviderSuite(
  'anthropic',
  async () => {
    const fake = await startAnthropicFake({ apiKey: 'sk-ant-test' });
    return {
      provider: anthropicProvider,
      fake,
      streaming: true,
      request: (overrides) => ({
        model: 'claude-2',
        messages: [{ role: 'user', content: 'Hi' }],
        options: {},
        apiKey: 'sk-ant-test',
        baseURL: `${fake.url}/v1`,
        ...overrides,
      }),
      passThrough: {
        model: 'claude-instant-1',
        options: { temperature: 0.4, topK: 5, maxOutputTokens: 300, modelLabel: 'Claude', promptPrefix: 'Answer in French.' },
        expectSent: (request) => {
          expect(request.headers['x-api-key']).toBe('sk-ant-test');
          expect(request.headers['anthropic-version']).toBeTruthy();
          // Haiku 5.5 thinks adaptively: its summarised thinking shown, headroom on top of the
          // answer's cap, and none of the sampling settings the Claude 5 generation refuses.
          expect(request.body).toMatchObject({
            model: 'claude-haiku-5-5',
            max_tokens: 300 + claudeThinkingBudget,
            thinking: { type: 'adaptive', display: 'summarized' },
            stream: true,
            system: [{ type: 'text', text: 'You are Claude.\n\nAnswer in French.' }],
            messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
          });
          expect(request.body).not.toHaveProperty('temperature');
          expect(request.body).not.toHaveProperty('top_k');
        },
      },
    };
  },
  { lengthReason: 'max_tokens' },
);

describe('anthropic provider specifics', () => {
  it('streams thinking deltas as reasoning events before the text', async () => {
    const fake = await startAnthropicFake();
    try {
      fake.enqueue({ reasoning: ['Let me ', 'think.'], chunks: ['Done.'] });
      const events = await collect(
        anthropicProvider.stream({ model: 'claude-2', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, signal()),
      );
      const kinds = events.filter((e) => e.type === 'reasoning' || e.type === 'text');
      expect(kinds).toEqual([
        { type: 'reasoning', delta: 'Let me ' },
        { type: 'reasoning', delta: 'think.' },
        { type: 'text', delta: 'Done.' },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('gives a Claude model of the budget generation extended thinking with its own budget', async () => {
    const fake = await startAnthropicFake();
    try {
      fake.enqueue({ model: 'claude-haiku-4-5', reasoning: ['Budgeted.'], chunks: ['Yes.'] });
      const events = await collect(
        anthropicProvider.stream({ model: 'claude-haiku-4-5', messages: [{ role: 'user', content: 'q' }], options: { temperature: 0.3 }, apiKey: 'k', baseURL: `${fake.url}/v1` }, signal()),
      );
      expect(events.filter((e) => e.type === 'reasoning')).toEqual([{ type: 'reasoning', delta: 'Budgeted.' }]);
      expect(fake.requests[0]!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: claudeThinkingBudget }, max_tokens: claudeDefaultMaxOutput + claudeThinkingBudget });
      expect(fake.requests[0]!.body).not.toHaveProperty('temperature');
    } finally {
      await fake.close();
    }
  });

  it("answers with the spec's 4000-token default when no maxOutputTokens is set", async () => {
    const fake = await startAnthropicFake();
    try {
      await collect(anthropicProvider.stream({ model: 'claude-1', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, signal()));
      expect(fake.requests[0]!.body).toMatchObject({ max_tokens: claudeDefaultMaxOutput + claudeThinkingBudget });
    } finally {
      await fake.close();
    }
  });

  it('continues a cut reply through a user turn quoting it, since Claude refuses a prefill', async () => {
    const fake = await startAnthropicFake();
    try {
      fake.enqueue({ chunks: [' and finished.'] });
      const turns = [{ role: 'user' as const, content: 'Write a poem' }, { role: 'assistant' as const, content: 'Cut short' }];
      const events = await collect(anthropicProvider.stream({ model: 'claude-1', messages: turns, options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, signal()));
      expect(events.filter((e) => e.type === 'text').map((e) => e.delta).join('')).toBe(' and finished.');
      const sent = (fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages;
      expect(sent.at(-1)!.role).toBe('user');
      expect(JSON.stringify(sent.at(-1)!.content)).toContain('Cut short');
    } finally {
      await fake.close();
    }
  });

  it('maps Anthropic error types: billing, permission, region, overload', async () => {
    const fake = await startAnthropicFake();
    try {
      const ask = () => anthropicProvider.stream({ model: 'claude-1', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, signal());
      fake.enqueue({ status: 402 }, { status: 403 }, { status: 403, forbidden: 'region' }, { status: 529 });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await failureOf(ask())).code);
      expect(codes).toEqual(['upstream_out_of_credit', 'upstream_forbidden', 'upstream_forbidden', 'upstream_overloaded']);
    } finally {
      await fake.close();
    }
  });

  it('turns an in-stream overloaded error event into upstream_overloaded', async () => {
    const fake = await startAnthropicFake();
    try {
      fake.enqueue({ chunks: ['partial'], streamError: { type: 'overloaded_error', message: 'Overloaded' } });
      const error = await failureOf(
        anthropicProvider.stream({ model: 'claude-2', messages: [{ role: 'user', content: 'q' }], options: {}, apiKey: 'k', baseURL: `${fake.url}/v1` }, signal()),
      );
      expect(error.code).toBe('upstream_overloaded');
    } finally {
      await fake.close();
    }
  });
});
