import { describe, expect, it } from 'vitest';
import { parameterDefinitions, sliderRange } from './parameters.ts';
import { endpointOptionsSchemas } from './options-schemas.ts';

const sliders = (defs: ReturnType<typeof parameterDefinitions>) =>
  defs.flatMap((d) => (d.kind === 'slider' ? [[d.key, d.min, d.max, d.step, d.default]] : []));

describe('parameter ranges (SPEC point 9)', () => {
  it('gives OpenAI and Azure temperature 0–2, top_p 0–1 and penalties -2–2 at step 0.01', () => {
    for (const endpoint of ['openAI', 'azureOpenAI'] as const) {
      expect(sliders(parameterDefinitions(endpoint))).toEqual([
        ['temperature', 0, 2, 0.01, 1],
        ['top_p', 0, 1, 0.01, 1],
        ['frequency_penalty', -2, 2, 0.01, 0],
        ['presence_penalty', -2, 2, 0.01, 0],
      ]);
    }
    expect(sliderRange('gptPlugins', 'temperature')?.default).toBe(0.8);
  });

  it('gives google its PaLM ranges and codechat- models only a temperature', () => {
    expect(sliders(parameterDefinitions('google', 'chat-bison'))).toEqual([
      ['temperature', 0, 1, 0.01, 0.2],
      ['topP', 0, 1, 0.01, 0.95],
      ['topK', 1, 40, 1, 40],
      ['maxOutputTokens', 1, 1024, 1, 1024],
    ]);
    const codechat = parameterDefinitions('google', 'codechat-bison');
    expect(sliders(codechat)).toEqual([['temperature', 0, 1, 0.01, 0.2]]);
    expect(codechat.some((d) => d.kind === 'examples')).toBe(false);
  });

  it('gives anthropic its ranges, deepSeek 0–1.5 at step 0.1, and grok only a prompt prefix', () => {
    expect(sliders(parameterDefinitions('anthropic'))).toEqual([
      ['temperature', 0, 1, 0.01, 0.2],
      ['topP', 0, 1, 0.01, 0.7],
      ['topK', 1, 40, 1, 5],
      ['maxOutputTokens', 1, 4000, 1, 4000],
    ]);
    expect(sliders(parameterDefinitions('deepSeek'))).toEqual([['temperature', 0, 1.5, 0.1, 1]]);
    expect(parameterDefinitions('grok').map((d) => d.key)).toEqual(['promptPrefix']);
  });

  it('offers the plugin agent and Bing controls', () => {
    const plugins = parameterDefinitions('gptPlugins');
    expect(plugins.find((d) => d.key === 'agentOptions.agent')).toMatchObject({ options: ['functions', 'classic'], default: 'functions' });
    expect(sliderRange('gptPlugins', 'agentOptions.temperature')).toMatchObject({ min: 0, max: 2, default: 0 });
    const bing = parameterDefinitions('bingAI');
    expect(bing.find((d) => d.key === 'toneStyle')).toMatchObject({ options: ['creative', 'fast', 'balanced', 'precise'], default: 'creative' });
    expect(bing.find((d) => d.key === 'context')).toMatchObject({ maxTokens: 7000 });
  });
});

describe('endpoint option schemas', () => {
  it('rejects values outside the slider ranges', () => {
    expect(endpointOptionsSchemas.openAI.safeParse({ temperature: 2.5 }).success).toBe(false);
    expect(endpointOptionsSchemas.deepSeek.safeParse({ temperature: 1.5 }).success).toBe(true);
    expect(endpointOptionsSchemas.deepSeek.safeParse({ temperature: 1.6 }).success).toBe(false);
    expect(endpointOptionsSchemas.google.safeParse({ topK: 41 }).success).toBe(false);
    expect(endpointOptionsSchemas.anthropic.safeParse({ maxOutputTokens: 4001 }).success).toBe(false);
    expect(endpointOptionsSchemas.bingAI.safeParse({ toneStyle: 'rude' }).success).toBe(false);
  });

  it('keeps the fields of the endpoint and drops the rest', () => {
    const parsed = endpointOptionsSchemas.google.parse({
      model: 'chat-bison', temperature: 0.3, top_p: 0.1, examples: [{ input: { content: 'a' }, output: { content: 'b' } }],
    });
    expect(parsed).toEqual({ model: 'chat-bison', temperature: 0.3, examples: [{ input: { content: 'a' }, output: { content: 'b' } }] });
    expect(endpointOptionsSchemas.gptPlugins.parse({ tools: ['calculator', { pluginKey: 'google' }], agentOptions: { agent: 'classic' } }))
      .toMatchObject({ tools: ['calculator', { pluginKey: 'google' }], agentOptions: { agent: 'classic' } });
  });
});
