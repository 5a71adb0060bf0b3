import { describe, expect, it } from 'vitest';
import { accessKeySchema, isAccessKey, normalizeAccessKey } from './access-key.ts';
import { createOrderRequestSchema, createOrderResponseSchema } from './usage.ts';

const body48 = 'aB3'.repeat(16);

describe('access key format', () => {
  it('accepts sk- followed by exactly 48 letters or digits', () => {
    expect(isAccessKey(`sk-${body48}`)).toBe(true);
    expect(isAccessKey(`sk-${body48}x`)).toBe(false);
    expect(isAccessKey(`sk-${body48.slice(1)}`)).toBe(false);
    expect(isAccessKey(`sk-${body48.slice(1)}_`)).toBe(false);
    expect(isAccessKey(`SK-${body48}`)).toBe(false);
  });

  it('strips whitespace anywhere before checking', () => {
    expect(normalizeAccessKey(` sk-${body48.slice(0, 10)}\n${body48.slice(10)}\t`)).toBe(`sk-${body48}`);
    expect(accessKeySchema.parse(`  sk-${body48} `)).toBe(`sk-${body48}`);
    expect(accessKeySchema.safeParse('sk-short').success).toBe(false);
  });
});

describe('order contracts', () => {
  it('coerces form strings; any numeric type is well-formed (the server answers code 3 for one it does not offer)', () => {
    const base = { password: 'x', apikey: 'k', payId: '1732380000000', price: '20', returnUrl: 'https://chat.example/' };
    expect(createOrderRequestSchema.parse({ ...base, type: '2' })).toMatchObject({ type: 2, price: 20 });
    expect(createOrderRequestSchema.safeParse({ ...base, type: 3 }).success).toBe(true);
    expect(createOrderRequestSchema.safeParse({ ...base, type: 'wechat' }).success).toBe(false);
    expect(createOrderRequestSchema.safeParse({ ...base, type: 1, returnUrl: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('tells success (code 1 with an order id) from a failure code with a message', () => {
    expect(createOrderResponseSchema.safeParse({ code: 1, data: { orderId: 'P1' } }).success).toBe(true);
    expect(createOrderResponseSchema.safeParse({ code: 0, message: 'unknown key' }).success).toBe(true);
    expect(createOrderResponseSchema.safeParse({ code: 1, message: 'no order' }).success).toBe(false);
  });
});
