import { describe, expect, it } from 'vitest';
import { chatCompletionsBody, isOpenAIReasoningModel, type ChatBodyInput } from './chat-completions-body.ts';

const sliders = { temperature: 0.4, top_p: 0.8, frequency_penalty: 1, presence_penalty: -1, promptPrefix: 'Be brief.' };
const body = (input: Partial<ChatBodyInput>) =>
  chatCompletionsBody({ flavor: 'openai', model: 'gpt-4o', turns: [{ role: 'user', content: 'Hi' }], options: sliders, ...input });

describe('chatCompletionsBody', () => {
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
    expect(['o1', 'o3', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5-mini', 'gpt-5.1'].every(isOpenAIReasoningModel)).toBe(true);
    expect(['gpt-4o', 'gpt-4', 'gpt-3.5-turbo', 'gpt-5-chat-latest', 'omni', 'gpt-4o-mini'].some(isOpenAIReasoningModel)).toBe(false);
  });

  it('sends Azure its deployment as the model while judging capabilities by the real model', () => {
    const sent = body({ flavor: 'azure', model: 'o3-mini', sentModel: 'my-o3' });
    expect(sent.model).toBe('my-o3');
    expect(sent).not.toHaveProperty('temperature');
  });

  it('sends DeepSeek temperature and top_p only, and nothing while deepseek-reasoner thinks', () => {
    const chat = body({ flavor: 'deepseek', model: 'deepseek-chat' });
    expect(chat).toMatchObject({ temperature: 0.4, top_p: 0.8 });
    expect(chat).not.toHaveProperty('frequency_penalty');
    const reasoner = body({ flavor: 'deepseek', model: 'deepseek-reasoner' });
    expect(reasoner).not.toHaveProperty('temperature');
    expect(reasoner.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('sends Grok no sampling, and live search or reasoning effort when the product asks', () => {
    const sent = body({ flavor: 'xai', model: 'grok-3', liveSearch: true, reasoningEffort: 'high' });
    expect(sent).toMatchObject({ search_parameters: { mode: 'on', return_citations: true }, reasoning_effort: 'high' });
    expect(sent).not.toHaveProperty('temperature');
    expect(body({ flavor: 'xai', model: 'grok-3' })).not.toHaveProperty('search_parameters');
  });

  it('leaves the system turn out when there is no prompt', () => {
    expect(body({ options: {} }).messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });
});
