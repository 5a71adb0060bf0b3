import { DEFAULT_TOP_UP_PACKS, payTypes, type PayType, type TopUpPack } from '@parley/core';
import { z } from 'zod';

/** `name=number,name=number` → a Map (not an object, so a model named `constructor` is just a name); an operator's override of per-model numbers. */
const modelNumbers = () =>
  z
    .string()
    .default('')
    .transform((value, ctx) => {
      const table = new Map<string, number>();
      for (const item of value.split(',').map((s) => s.trim()).filter(Boolean)) {
        const match = /^([^=\s]+)\s*=\s*(\d+)$/.exec(item);
        if (!match || !Number.isSafeInteger(Number(match[2]))) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not model=number (a whole number up to ${Number.MAX_SAFE_INTEGER})` });
          return z.NEVER;
        }
        table.set(match[1]!, Number(match[2]));
      }
      return table as ReadonlyMap<string, number>;
    });

/** Quota units per million tokens, kept as millionths so every charge is integer arithmetic. */
export interface TokenPrice {
  inputMicros: bigint;
  outputMicros: bigint;
  cachedMicros: bigint;
}

export const micros = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
};

/** `model=input/output[/cached],…`: quota per million input, output and cached input tokens (up to six decimals). */
const tokenPrices = () =>
  z
    .string()
    .default('')
    .transform((value, ctx) => {
      const table = new Map<string, TokenPrice>();
      const number = String.raw`(\d{1,12}(?:\.\d{1,6})?)`;
      const pattern = new RegExp(`^([^=\\s]+)\\s*=\\s*${number}(?:/${number})?(?:/${number})?$`);
      for (const item of value.split(',').map((s) => s.trim()).filter(Boolean)) {
        const match = pattern.exec(item);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${item}" is not model=input/output/cached (quota per million tokens, e.g. gpt-4o=2500/10000/1250)` });
          return z.NEVER;
        }
        const input = micros(match[2]!);
        table.set(match[1]!, { inputMicros: input, outputMicros: match[3] ? micros(match[3]) : input, cachedMicros: match[4] ? micros(match[4]) : input });
      }
      return table as ReadonlyMap<string, TokenPrice>;
    });

/** `quota:price[:days],…` (price in yuan, up to two decimals; days the quota lasts, none: no limit) → the top-up packs. */
const topUpPacks = z
  .string()
  .default(DEFAULT_TOP_UP_PACKS.map((p) => `${p.quota}:${p.price}`).join(','))
  .transform((value, ctx): TopUpPack[] => {
    const packs: TopUpPack[] = [];
    for (const item of value.split(',').map((s) => s.trim()).filter(Boolean)) {
      const match = /^(\d+):(\d+(?:\.\d{1,2})?)(?::(\d{1,5}))?$/.exec(item);
      const quota = Number(match?.[1]);
      const fen = Number(match?.[2]) * 100;
      const days = match?.[3] === undefined ? undefined : Number(match[3]);
      if (!match || !Number.isSafeInteger(quota) || quota <= 0 || fen <= 0 || !Number.isSafeInteger(Math.round(fen)) || days === 0) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not quota:price or quota:price:days (e.g. 1000:20 or 1000:20:30; quota and price in fen up to ${Number.MAX_SAFE_INTEGER}, days from 1)` });
        return z.NEVER;
      }
      packs.push(days === undefined ? { quota, price: Number(match[2]) } : { quota, price: Number(match[2]), days });
    }
    return packs;
  });

const payMethodNames = Object.values(payTypes);
const payMethods = z
  .string()
  .default(payMethodNames.join(','))
  .transform((value, ctx): PayType[] => {
    const methods: PayType[] = [];
    for (const name of value.split(',').map((s) => s.trim()).filter(Boolean)) {
      const entry = Object.entries(payTypes).find(([, n]) => n === name);
      if (!entry) {
        ctx.addIssue({ code: 'custom', message: `"${name}" is not one of ${payMethodNames.join(', ')}` });
        return z.NEVER;
      }
      methods.push(Number(entry[0]) as PayType);
    }
    return methods;
  });

const timeZone = z
  .string()
  .default('Asia/Shanghai')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Asia/Shanghai');

/** Access keys, quota, top-up and token balance (SPEC reading B, and reading A's balance). */
export const accessEnvVars = {
  FREE_CALLS_PER_DAY: z.coerce.number().int().nonnegative().default(10),
  VISITOR_MAX_PER_HOUR: z.coerce.number().int().positive().default(30),
  QUOTA_DEFAULT_COST: z.coerce.number().int().nonnegative().default(1),
  QUOTA_COSTS: modelNumbers(),
  QUOTA_DAILY_LIMITS: modelNumbers(),
  QUOTA_TOKEN_PRICES: tokenPrices(),
  TZ: timeZone,
  TOPUP_PACKS: topUpPacks,
  PAY_METHODS: payMethods,
  START_BALANCE: z.coerce.number().int().nonnegative().default(20_000),
  /** Token credits an account gets per yuan of a pack it buys (1,000,000 credits ≈ US$1, LibreChat's scale). */
  CREDITS_PER_YUAN: z.coerce.number().int().positive().default(140_000),
  USAGE_RETENTION_DAYS: z.coerce.number().int().positive().default(180),
  BILLING_QUOTA_PER_USD: z.coerce.number().positive().default(1),
};
