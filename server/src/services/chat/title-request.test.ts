import {
  startAnthropicFake,
  startAzureOpenAIFake,
  startDeepSeekFake,
  startGoogleFake,
  startGrokFake,
  startOpenAIFake,
  type FakeUpstream,
  type RecordedRequest,
} from '@parley/testkit';
import { titleModelFor, titleModels } from '@parley/core';
import { afterAll, describe, expect, it } from 'vitest';
import { anthropicProvider, claudeThinkingBudget } from '../../providers/anthropic/anthropic-provider.ts';
import { azureOpenAIProvider } from '../../providers/azureOpenAI/azure-provider.ts';
import { deepSeekProvider } from '../../providers/deepSeek/deepseek-provider.ts';
import { geminiLeastThinkingRoom, googleProvider } from '../../providers/google/google-provider.ts';
import { grokProvider } from '../../providers/grok/grok-provider.ts';
import { openAIProvider } from '../../providers/openAI/openai-provider.ts';
import type { ChatProvider, ChatRequest } from '../../providers/types.ts';
import { generateTitle, TITLE_MAX_TOKENS } from './title.ts';

/*
 * What a title call sends each provider: a small output cap and no thinking where the model can
 * skip it. The strict fakes answering the scripted title proves each upstream accepts the request.
 */

const fakes: FakeUpstream[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));

async function titleCall(start: () => Promise<FakeUpstream>, provider: ChatProvider, model: string, base: (url: string) => Pick<ChatRequest, 'baseURL' | 'settings'> & { apiKey?: string }) {
  const fake = await start();
  fakes.push(fake);
  fake.enqueue({ chunks: ['Kyoto in ', 'autumn'] });
  const title = await generateTitle(provider, { model, apiKey: 'k', ...base(fake.url) }, { userText: 'Plan a trip to Kyoto', replyText: 'Here is a plan.' });
  expect(title, 'the fake accepted the title call').toBe('Kyoto in autumn');
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0]! as RecordedRequest & { body: Record<string, unknown> };
}

describe('a title call sends', () => {
  it('OpenAI: reasoning off and max_completion_tokens on the GPT-6 title model', async () => {
    const sent = await titleCall(startOpenAIFake, openAIProvider, titleModels.openai, (url) => ({ baseURL: `${url}/v1` }));
    expect(sent.body).toMatchObject({ model: 'gpt-6-luna', reasoning_effort: 'none', max_completion_tokens: TITLE_MAX_TOKENS });
  });

  it('OpenAI: low effort without a reasoning summary on a model that cannot stop reasoning', async () => {
    const sent = await titleCall(startOpenAIFake, openAIProvider, 'gpt-5.1', (url) => ({ baseURL: `${url}/v1`, settings: { openAIApi: 'responses' as const } }));
    expect(sent.path).toBe('/v1/responses');
    expect(sent.body.reasoning).toEqual({ effort: 'low' });
  });

  it("Azure OpenAI: the conversation's own deployment, reasoning off where the api-version can say so", async () => {
    const key = (version: string) => JSON.stringify({ azureOpenAIApiInstanceName: 'east', azureOpenAIApiDeployments: 'gpt-4o=chat-4o', azureOpenAIApiVersion: version, azureOpenAIApiKey: 'k' });
    // Only the operator's deployment exists: no catalog title model is deployed.
    const start = () => startAzureOpenAIFake({ deployments: { 'chat-4o': 'gpt-6.1-terra' } });
    const model = titleModelFor('azureOpenAI', 'gpt-4o')!;
    const sent = await titleCall(start, azureOpenAIProvider, model, (url) => ({ baseURL: url, apiKey: key('2024-12-01-preview') }));
    expect(sent).toMatchObject({ path: '/openai/deployments/chat-4o/chat/completions', body: { model: 'chat-4o', reasoning_effort: 'none', max_completion_tokens: TITLE_MAX_TOKENS } });
    const older = await titleCall(start, azureOpenAIProvider, model, (url) => ({ baseURL: url, apiKey: key('2024-10-21') }));
    expect(older.body).toMatchObject({ model: 'chat-4o', max_completion_tokens: TITLE_MAX_TOKENS });
    expect(older.body).not.toHaveProperty('reasoning_effort');
  });

  it('Anthropic: thinking disabled on Haiku 5.5, and the bare cap as max_tokens', async () => {
    const sent = await titleCall(startAnthropicFake, anthropicProvider, titleModels.anthropic, (url) => ({ baseURL: `${url}/v1` }));
    expect(sent.body).toMatchObject({ model: 'claude-haiku-5-5', thinking: { type: 'disabled' }, max_tokens: TITLE_MAX_TOKENS });
    expect(sent.body).not.toHaveProperty('output_config');
  });

  it('Anthropic: low effort with thoughts omitted on a model that always thinks', async () => {
    const sent = await titleCall(startAnthropicFake, anthropicProvider, 'claude-opus-5-5', (url) => ({ baseURL: `${url}/v1` }));
    expect(sent.body).toMatchObject({
      thinking: { type: 'adaptive', display: 'omitted' },
      output_config: { effort: 'low' },
      max_tokens: TITLE_MAX_TOKENS + claudeThinkingBudget,
    });
  });

  it('Anthropic: no thinking block on a model with budgeted thinking', async () => {
    const sent = await titleCall(startAnthropicFake, anthropicProvider, 'claude-haiku-4-5', (url) => ({ baseURL: `${url}/v1` }));
    expect(sent.body).toMatchObject({ max_tokens: TITLE_MAX_TOKENS });
    expect(sent.body).not.toHaveProperty('thinking');
  });

  it('Google: the minimal thinking level of Gemini 3 (a 2.5 budget is refused from 3.5 on) and no thoughts back', async () => {
    const sent = await titleCall(startGoogleFake, googleProvider, titleModels.google, (url) => ({ baseURL: url }));
    expect(sent.path).toBe('/v1beta/models/gemini-3.5-flash-lite:streamGenerateContent');
    expect(sent.body.generationConfig).toMatchObject({ maxOutputTokens: TITLE_MAX_TOKENS + geminiLeastThinkingRoom, thinkingConfig: { thinkingLevel: 'minimal' } });
    expect(sent.body.generationConfig).not.toHaveProperty('thinkingConfig.includeThoughts');
    expect(sent.body.generationConfig).not.toHaveProperty('thinkingConfig.thinkingBudget');
  });

  it('Google: a thinking budget of 0 on a Gemini 2.5 model', async () => {
    const sent = await titleCall(startGoogleFake, googleProvider, 'gemini-2.5-flash-lite', (url) => ({ baseURL: url }));
    expect(sent.body.generationConfig).toMatchObject({ maxOutputTokens: TITLE_MAX_TOKENS, thinkingConfig: { thinkingBudget: 0 } });
  });

  it('xAI: low reasoning effort', async () => {
    const sent = await titleCall(startGrokFake, grokProvider, titleModels.xai, (url) => ({ baseURL: `${url}/v1` }));
    expect(sent.body).toMatchObject({ model: 'grok-4.3', reasoning_effort: 'low', max_tokens: TITLE_MAX_TOKENS });
  });

  it('DeepSeek: thinking switched off, which DeepSeek V4 has on unless told (a thought would use up the cap)', async () => {
    const sent = await titleCall(startDeepSeekFake, deepSeekProvider, titleModels.deepseek, (url) => ({ baseURL: url }));
    expect(sent.body).toMatchObject({ model: 'deepseek-v4-flash', max_tokens: TITLE_MAX_TOKENS, thinking: { type: 'disabled' } });
  });

  it('DeepSeek: thinking off too when the conversation runs on the reasoning product', async () => {
    const sent = await titleCall(startDeepSeekFake, deepSeekProvider, 'deepseek-r1', (url) => ({ baseURL: url }));
    expect(sent.body).toMatchObject({ model: 'deepseek-v4-flash', thinking: { type: 'disabled' } });
  });
});
