import { describe, expect, it } from 'vitest';
import { isOpenAIReasoningModel, omittedSampling, upstreamModel } from '@parley/core';
import { chatCompletionsBody, openAIReasoningEffort, type ChatBodyInput } from './chat-completions-body.ts';

const sliders = { temperature: 0.4, top_p: 0.8, frequency_penalty: 1, presence_penalty: -1, promptPrefix: 'Be brief.' };
const body = (input: Partial<ChatBodyInput>) =>
  chatCompletionsBody({ flavor: 'openai', model: 'gpt-4o', turns: [{ role: 'user', content: 'Hi' }], options: sliders, ...input });

describe('chatCompletionsBody', () => {
  it('sends exactly the sampling settings the settings panel offers for the model (core omittedSampling)', () => {
    const panel = { temperature: 0.4, topP: 0.8, frequencyPenalty: 1, presencePenalty: -1 };
    const wire = { temperature: 'temperature', topP: 'top_p', frequencyPenalty: 'frequency_penalty', presencePenalty: 'presence_penalty' } as const;
    for (const [flavor, endpoint, model] of [
      ['openai', 'openAI', 'gpt-4o'],
      ['openai', 'openAI', 'gpt-4'],
      ['openai', 'openAI', 'gpt-o3-mini'],
      ['openai', 'openAI', 'gpt-3.5-turbo'],
      ['openai', 'openAI', 'my-finetune'],
      ['deepseek', 'deepSeek', 'deepseek-r1'],
    ] as const) {
      const upstream = upstreamModel(endpoint, model);
      const effort = openAIReasoningEffort(upstream.id, 'reasoningEffort' in upstream ? upstream.reasoningEffort : undefined);
      const sent = body({ flavor, model: upstream.id, reasoningEffort: effort, thinking: 'thinking' in upstream ? upstream.thinking === true : undefined });
      const offered = Object.keys(panel).filter((key) => !(key in omittedSampling(endpoint, model, panel)));
      expect(Object.values(wire).filter((name) => name in sent), `${endpoint} ${model}`).toEqual(offered.map((key) => wire[key as keyof typeof wire]));
    }
  });

  it('sends every slider, the system prompt first and usage in the stream', () => {
    expect(body({})).toEqual({
      model: 'gpt-4o',
      temperature: 0.4,
      top_p: 0.8,
      frequency_penalty: 1,
      presence_penalty: -1,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('gives OpenAI reasoning models a developer prompt and none of the settings they refuse', () => {
    for (const flavor of ['openai', 'azure'] as const) {
      const sent = body({ flavor, model: 'o3-mini' });
      expect(sent.messages).toEqual([
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ]);
      for (const key of ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty']) expect(sent).not.toHaveProperty(key);
    }
  });

  it('tells reasoning models from chat models by id', () => {
    expect(['o1', 'o3-2025-04-16', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5-2025-08-07', 'gpt-5-mini-2025-08-07', 'gpt-5.1', 'gpt-6.1-sol'].every(isOpenAIReasoningModel)).toBe(true);
    expect(['gpt-4o', 'gpt-4', 'gpt-3.5-turbo', 'gpt-5-chat-latest', 'omni', 'gpt-4o-mini'].some(isOpenAIReasoningModel)).toBe(false);
  });

  it('sends Azure its deployment as the model while judging capabilities by the real model', () => {
    const sent = body({ flavor: 'azure', model: 'o3-mini', sentModel: 'my-o3' });
    expect(sent.model).toBe('my-o3');
    expect(sent).not.toHaveProperty('temperature');
  });

  it('sends DeepSeek its sampling, and thinking mode with no sampling for the reasoning product', () => {
    const chat = body({ flavor: 'deepseek', model: 'deepseek-v4-pro' });
    // DeepSeek V4 thinks unless told not to.
    expect(chat).toMatchObject({ temperature: 0.4, top_p: 0.8, frequency_penalty: 1, presence_penalty: -1, thinking: { type: 'disabled' } });
    const reasoner = body({ flavor: 'deepseek', model: 'deepseek-v4-flash', thinking: true });
    expect(reasoner).toMatchObject({ thinking: { type: 'enabled' } });
    expect(reasoner).not.toHaveProperty('temperature');
    expect(reasoner.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('sends Grok no sampling, never the retired live search, and a reasoning effort when the product asks', () => {
    const sent = body({ flavor: 'xai', model: 'grok-3-mini', reasoningEffort: 'high' });
    expect(sent).toMatchObject({ reasoning_effort: 'high' });
    expect(sent).not.toHaveProperty('temperature');
    expect(sent).not.toHaveProperty('search_parameters');
  });

  it('caps the answer with max_completion_tokens for reasoning models and max_tokens for the others', () => {
    expect(body({ model: 'gpt-6.1-sol', options: { max_tokens: 300 } })).toMatchObject({ max_completion_tokens: 300 });
    expect(body({ model: 'gpt-6.1-sol', options: { max_tokens: 300 } })).not.toHaveProperty('max_tokens');
    expect(body({ model: 'gpt-4o', options: { max_tokens: 300 } })).toMatchObject({ max_tokens: 300 });
  });

  it('leaves the system turn out when there is no prompt', () => {
    expect(body({ options: {} }).messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });
});
