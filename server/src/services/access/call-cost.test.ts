import { describe, expect, it } from 'vitest';
import { testEnv } from '../../test-support/app.ts';
import type { Env } from '../../config/env.ts';
import { effectiveSettings } from '../business-settings/business-settings.ts';
import type { BusinessSettings } from '@parley/core';
import { callPrice, tokenPrice } from './call-cost.ts';

/** The environment's prices with the operator's settings over them. */
const prices = (env: Env, stored: BusinessSettings = {}) => ({ env, businessSettings: { current: () => effectiveSettings(env, stored) } });

const env = testEnv({ QUOTA_DEFAULT_COST: '3' });

describe('callPrice', () => {
  it('charges a listed id its cost from the model table', () => {
    expect(callPrice(prices(env), 'openAI', 'gpt-4o')).toEqual({ cost: 10 });
    expect(callPrice(prices(env), 'openAI', 'gpt-4o-mini')).toEqual({ cost: 1 });
    expect(callPrice(prices(env), 'deepSeek', 'deepseek-r1')).toEqual({ cost: 1 });
    expect(callPrice(prices(env), 'openAI', 'gpt-o3-mini')).toEqual({ cost: 10, cap: { max: 30, model: 'gpt-o3-mini' } });
  });

  it("charges an upstream id asked for directly the dearest cost of the listed ids that call it, and counts it on their ration", () => {
    // gpt-4o and gpt-o3-mini both answer as gpt-6.1-terra; the image model as gpt-image-2.6-flare.
    expect(callPrice(prices(env), 'openAI', 'gpt-6.1-terra')).toEqual({ cost: 10, cap: { max: 30, model: 'gpt-o3-mini' } });
    expect(callPrice(prices(env), 'openAI', 'gpt-image-2.6-flare')).toEqual({ cost: 10 });
    expect(callPrice(prices(env), 'grok', 'grok-imagine-image-2.0')).toEqual({ cost: 10 });
    expect(callPrice(prices(env), 'openAI', 'gpt-6-luna')).toEqual({ cost: 1 });
  });

  it("follows the operator's alias settings to the upstream model", () => {
    const aliased = testEnv({ QUOTA_DEFAULT_COST: '3', OPENAI_MODEL_ALIASES: 'house-model=gpt-6.1-terra,gpt-4o=gpt-7-max' });
    expect(callPrice(prices(aliased), 'openAI', 'house-model')).toMatchObject({ cost: 10 });
    expect(callPrice(prices(aliased), 'openAI', 'gpt-7-max')).toEqual({ cost: 10 });
  });

  it('charges QUOTA_DEFAULT_COST for a model no listed id calls, whatever its name', () => {
    for (const model of ['some-new-model', 'constructor', '__proto__', 'hasOwnProperty', 'toString']) {
      expect(callPrice(prices(env), 'openAI', model)).toEqual({ cost: 3 });
    }
  });

  it("applies the operator's QUOTA_COSTS and QUOTA_DAILY_LIMITS over the table", () => {
    const priced = testEnv({ QUOTA_COSTS: 'gpt-4o=5,constructor=4', QUOTA_DAILY_LIMITS: 'gpt-4o-mini=7' });
    expect(callPrice(prices(priced), 'openAI', 'gpt-4o')).toEqual({ cost: 5 });
    expect(callPrice(prices(priced), 'openAI', 'constructor')).toEqual({ cost: 4 });
    expect(callPrice(prices(priced), 'openAI', 'gpt-4o-mini')).toEqual({ cost: 1, cap: { max: 7, model: 'gpt-4o-mini' } });
  });

  it("applies the console's costs, default and token prices over the environment's", () => {
    const priced = testEnv({ QUOTA_COSTS: 'gpt-4o=5', QUOTA_TOKEN_PRICES: 'gpt-4o-mini=100/200' });
    const set = prices(priced, { callCosts: { 'gpt-4o': 7 }, defaultCost: 9, tokenPrices: { 'deepseek-r1': { input: '0.5', output: '2' } } });
    expect(callPrice(set, 'openAI', 'gpt-4o')).toEqual({ cost: 7 });
    expect(callPrice(set, 'openAI', 'some-new-model')).toEqual({ cost: 9 });
    expect(tokenPrice(set, 'deepSeek', 'deepseek-r1')).toEqual({ inputMicros: 500_000n, outputMicros: 2_000_000n, cachedMicros: 500_000n });
    expect(tokenPrice(set, 'openAI', 'gpt-4o-mini')).toEqual({ inputMicros: 100_000_000n, outputMicros: 200_000_000n, cachedMicros: 100_000_000n });
  });
});
