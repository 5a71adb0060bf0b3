import { describe, expect, it } from 'vitest';
import { omittedSampling } from './sampling.ts';

const all = { temperature: 0.5, topP: 0.9, topK: 5, frequencyPenalty: 0.2, presencePenalty: 0.1 };
const openAISliders = { temperature: 0.5, topP: 0.9, frequencyPenalty: 0.2, presencePenalty: 0.1 };

describe('the sampling settings a chat call leaves out', () => {
  it('leaves out every one for Claude 5, which takes none', () => {
    expect(omittedSampling('anthropic', 'claude-2', { temperature: 1, topP: 0.7, topK: 5 })).toEqual({ temperature: 'model', topP: 'model', topK: 'model' });
  });

  it('leaves out what a GPT-6 model does not take, and all while it reasons', () => {
    // gpt-4o answers as GPT-6.1 Terra with reasoning off: temperature and top_p only.
    expect(omittedSampling('openAI', 'gpt-4o', openAISliders)).toEqual({ frequencyPenalty: 'model', presencePenalty: 'model' });
    // gpt-o3-mini is the same model reasoning (medium effort): none.
    expect(omittedSampling('openAI', 'gpt-o3-mini', openAISliders)).toEqual({ temperature: 'reasoning', topP: 'reasoning', frequencyPenalty: 'model', presencePenalty: 'model' });
    // gpt-4 answers as GPT-6.1 Sol, which always reasons and takes none.
    expect(omittedSampling('gptPlugins', 'gpt-4', openAISliders)).toEqual({ temperature: 'model', topP: 'model', frequencyPenalty: 'model', presencePenalty: 'model' });
  });

  it('sends what Gemini takes, drops top_k where Chat Completions has none, and all while DeepSeek thinks', () => {
    expect(omittedSampling('google', 'chat-bison', { temperature: 0.2, topP: 0.9, topK: 40 })).toEqual({});
    expect(omittedSampling('deepSeek', 'deepseek-r1', openAISliders)).toEqual({ temperature: 'reasoning', topP: 'reasoning', frequencyPenalty: 'reasoning', presencePenalty: 'reasoning' });
    expect(omittedSampling('openAI', 'my-finetune', all)).toEqual({ topK: 'endpoint' });
  });
});
