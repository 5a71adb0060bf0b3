import { describe, expect, it } from 'vitest';
import { testEnv } from '../../test-support/app.ts';
import { callPrice } from './call-cost.ts';

const env = testEnv({ QUOTA_DEFAULT_COST: '3' });

describe('callPrice', () => {
  it('charges a listed id its cost from the model table', () => {
    expect(callPrice(env, 'openAI', 'gpt-4o')).toEqual({ cost: 10 });
    expect(callPrice(env, 'openAI', 'gpt-4o-mini')).toEqual({ cost: 1 });
    expect(callPrice(env, 'deepSeek', 'deepseek-r1')).toEqual({ cost: 1 });
    expect(callPrice(env, 'openAI', 'gpt-o3-mini')).toEqual({ cost: 10, cap: { max: 30, model: 'gpt-o3-mini' } });
  });

  it("charges an upstream id asked for directly the dearest cost of the listed ids that call it, and counts it on their ration", () => {
    // gpt-4o and gpt-o3-mini both answer as gpt-6.1-terra; the image model as gpt-image-2.6-flare.
    expect(callPrice(env, 'openAI', 'gpt-6.1-terra')).toEqual({ cost: 10, cap: { max: 30, model: 'gpt-o3-mini' } });
    expect(callPrice(env, 'openAI', 'gpt-image-2.6-flare')).toEqual({ cost: 10 });
    expect(callPrice(env, 'grok', 'grok-imagine-image-2.0')).toEqual({ cost: 10 });
    expect(callPrice(env, 'openAI', 'gpt-6-luna')).toEqual({ cost: 1 });
  });

  it("follows the operator's alias settings to the upstream model", () => {
    const aliased = testEnv({ QUOTA_DEFAULT_COST: '3', OPENAI_MODEL_ALIASES: 'house-model=gpt-6.1-terra,gpt-4o=gpt-7-max' });
    expect(callPrice(aliased, 'openAI', 'house-model')).toMatchObject({ cost: 10 });
    expect(callPrice(aliased, 'openAI', 'gpt-7-max')).toEqual({ cost: 10 });
  });

  it('charges QUOTA_DEFAULT_COST for a model no listed id calls, whatever its name', () => {
    for (const model of ['some-new-model', 'constructor', '__proto__', 'hasOwnProperty', 'toString']) {
      expect(callPrice(env, 'openAI', model)).toEqual({ cost: 3 });
    }
  });

  it("applies the operator's QUOTA_COSTS and QUOTA_DAILY_LIMITS over the table", () => {
    const priced = testEnv({ QUOTA_COSTS: 'gpt-4o=5,constructor=4', QUOTA_DAILY_LIMITS: 'gpt-4o-mini=7' });
    expect(callPrice(priced, 'openAI', 'gpt-4o')).toEqual({ cost: 5 });
    expect(callPrice(priced, 'openAI', 'constructor')).toEqual({ cost: 4 });
    expect(callPrice(priced, 'openAI', 'gpt-4o-mini')).toEqual({ cost: 1, cap: { max: 7, model: 'gpt-4o-mini' } });
  });
});
