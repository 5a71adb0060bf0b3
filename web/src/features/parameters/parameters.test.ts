import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointOrder, parameterDefinitions, sliderRange } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { addExample, blankExample, examplesOf, removeExample, setExample } from './examples.ts';
import { readOption, writeOption } from './option-paths.ts';
import {
  effectiveValue,
  fitToSlider,
  isPromptPrefixLocked,
  parameterHintKey,
  parameterLabelKey,
  type SliderDefinition,
} from './parameters.ts';
import { sendableOptions } from './sendable-options.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const english = JSON.parse(readFileSync(path.resolve(here, '../../locales/en-US.json'), 'utf8')) as Record<string, unknown>;
const hasKey = (key: string) => typeof readOption(english, key) === 'string';
const slider = (endpoint: Parameters<typeof sliderRange>[0], key: string, model = '') => sliderRange(endpoint, key, model) as SliderDefinition;

describe('parameter labels and hints', () => {
  it('has an English label (and hint) for every control of every endpoint and model family', () => {
    const missing: string[] = [];
    for (const endpoint of endpointOrder) {
      for (const model of ['', 'codechat-bison']) {
        for (const definition of parameterDefinitions(endpoint, model)) {
          for (const key of [parameterLabelKey(definition), parameterHintKey(endpoint, definition)]) {
            if (key && !hasKey(key)) missing.push(key);
          }
          if (definition.kind === 'select') {
            for (const option of definition.options) if (!hasKey(`params.option.${option}`)) missing.push(`params.option.${option}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives presence and frequency penalty each a hint of its own', () => {
    const [frequency, presence] = ['frequency_penalty', 'presence_penalty'].map((key) => parameterHintKey('openAI', parameterDefinitions('openAI').find((d) => d.key === key)!));
    expect(frequency).toBe('params.hint.frequency_penalty');
    expect(presence).toBe('params.hint.presence_penalty');
    expect(readOption(english, presence!)).not.toBe(readOption(english, frequency!));
  });
});

describe('effectiveValue', () => {
  const temperature = (endpoint: 'openAI' | 'anthropic' | 'gptPlugins') => parameterDefinitions(endpoint).find((d) => d.key === 'temperature')!;

  it('shows the chosen value first, then the endpoint default of SPEC point 3', () => {
    expect(effectiveValue('openAI', temperature('openAI'), { temperature: 0.3 })).toBe(0.3);
    expect(effectiveValue('anthropic', temperature('anthropic'), {})).toBe(1);
    expect(effectiveValue('gptPlugins', temperature('gptPlugins'), { temperature: null })).toBe(0.8);
  });

  it('reads nested plugin agent options', () => {
    const agentTemperature = parameterDefinitions('gptPlugins').find((d) => d.key === 'agentOptions.temperature')!;
    expect(effectiveValue('gptPlugins', agentTemperature, {})).toBe(0);
    expect(effectiveValue('gptPlugins', agentTemperature, { agentOptions: { temperature: 1.2 } })).toBe(1.2);
  });
});

describe('fitToSlider', () => {
  it('keeps DeepSeek temperature within 0–1.5 on 0.1 steps', () => {
    const range = slider('deepSeek', 'temperature');
    expect([range.min, range.max, range.step]).toEqual([0, 1.5, 0.1]);
    expect(fitToSlider(range, 0.74)).toBe(0.7);
    expect(fitToSlider(range, 9)).toBe(1.5);
  });

  it('rounds token counts to whole numbers and penalties to hundredths without float noise', () => {
    expect(fitToSlider(slider('anthropic', 'maxOutputTokens'), 4500)).toBe(4000);
    expect(fitToSlider(slider('google', 'topK'), 12.6)).toBe(13);
    expect(fitToSlider(slider('openAI', 'frequency_penalty'), -2.5)).toBe(-2);
    expect(fitToSlider(slider('openAI', 'top_p'), 0.1 + 0.2)).toBe(0.3);
  });
});

describe('writeOption', () => {
  it('sets a nested field without touching the original object', () => {
    const before = { agentOptions: { agent: 'functions', temperature: 0 } };
    const after = writeOption(before, 'agentOptions.temperature', 1);
    expect(after).toEqual({ agentOptions: { agent: 'functions', temperature: 1 } });
    expect(before.agentOptions.temperature).toBe(0);
  });
});

describe('prompt prefix with plugin tools', () => {
  it('locks the prefix only on the plugins endpoint with at least one tool', () => {
    expect(isPromptPrefixLocked('gptPlugins', ['calculator'])).toBe(true);
    expect(isPromptPrefixLocked('gptPlugins', [])).toBe(false);
    expect(isPromptPrefixLocked('openAI', ['calculator'])).toBe(false);
  });
});

describe('Google examples (SPEC point 4)', () => {
  const pair = (input: string, output: string) => ({ input: { content: input }, output: { content: output } });

  it('adds a blank pair and sets one side of one pair', () => {
    const list = setExample(addExample([pair('a', 'b')]), 1, 'output', 'z');
    expect(list).toEqual([pair('a', 'b'), pair('', 'z')]);
  });

  it('removes the last pair, and resets the only remaining one to blank', () => {
    expect(removeExample([pair('a', 'b'), pair('c', 'd')])).toEqual([pair('a', 'b')]);
    expect(removeExample([pair('a', 'b')])).toEqual([blankExample()]);
  });

  it('always offers one pair to edit', () => {
    expect(examplesOf(undefined)).toEqual([blankExample()]);
    expect(examplesOf([{ nonsense: true }])).toEqual([blankExample()]);
  });

  it('sends no pair whose input or output is empty', () => {
    const options = { temperature: 0.2, examples: [pair('q', 'a'), pair('', 'x'), pair('y', '  ')] };
    expect(sendableOptions(options)).toEqual({ temperature: 0.2, examples: [pair('q', 'a')] });
    expect(sendableOptions({ temperature: 0.2 })).toEqual({ temperature: 0.2 });
  });
});
