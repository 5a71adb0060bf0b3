import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('access and payment settings', () => {
  it('defaults to the spec: 10 free calls, packs 1000 for ¥20 and 3000 for ¥50, both pay methods, Asia/Shanghai, 20000 credits', () => {
    expect(parseEnv({})).toMatchObject({
      FREE_CALLS_PER_DAY: 10,
      QUOTA_DEFAULT_COST: 1,
      QUOTA_COSTS: new Map(),
      QUOTA_DAILY_LIMITS: new Map(),
      TOPUP_PACKS: [
        { quota: 1000, price: 20 },
        { quota: 3000, price: 50 },
      ],
      PAY_METHODS: [1, 2],
      TZ: 'Asia/Shanghai',
      START_BALANCE: 20000,
    });
  });

  it('reads operator overrides', () => {
    const env = parseEnv({ QUOTA_COSTS: 'gpt-4o=5, deepseek-r1=2', QUOTA_DAILY_LIMITS: 'gpt-4o=100', TOPUP_PACKS: '500:9.90', PAY_METHODS: 'alipay', TZ: 'UTC' });
    expect(env).toMatchObject({ QUOTA_COSTS: new Map([['gpt-4o', 5], ['deepseek-r1', 2]]), QUOTA_DAILY_LIMITS: new Map([['gpt-4o', 100]]), TOPUP_PACKS: [{ quota: 500, price: 9.9 }], PAY_METHODS: [2], TZ: 'UTC' });
  });

  it('stops on a malformed table, pack, pay method or time zone, naming the variable', () => {
    expect(() => parseEnv({ QUOTA_COSTS: 'gpt-4o:5' })).toThrow(/QUOTA_COSTS/);
    expect(() => parseEnv({ TOPUP_PACKS: '1000:twenty' })).toThrow(/TOPUP_PACKS/);
    expect(() => parseEnv({ PAY_METHODS: 'paypal' })).toThrow(/PAY_METHODS/);
    expect(() => parseEnv({ TZ: 'Mars/Olympus' })).toThrow(/TZ/);
  });

  it('stops on a quota, cost, price or balance past the largest whole number kept exactly (2^53 - 1)', () => {
    const past = '9007199254740993';
    expect(parseEnv({ QUOTA_COSTS: `gpt-4o=${Number.MAX_SAFE_INTEGER}` }).QUOTA_COSTS.get('gpt-4o')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseEnv({ QUOTA_COSTS: `gpt-4o=${past}` })).toThrow(/QUOTA_COSTS/);
    expect(() => parseEnv({ QUOTA_DAILY_LIMITS: `gpt-4o=${past}` })).toThrow(/QUOTA_DAILY_LIMITS/);
    expect(() => parseEnv({ TOPUP_PACKS: `${past}:20` })).toThrow(/TOPUP_PACKS/);
    expect(() => parseEnv({ TOPUP_PACKS: `1000:${past}` })).toThrow(/TOPUP_PACKS/);
    expect(() => parseEnv({ START_BALANCE: past })).toThrow(/START_BALANCE/);
    expect(() => parseEnv({ QUOTA_DEFAULT_COST: past })).toThrow(/QUOTA_DEFAULT_COST/);
  });
});
