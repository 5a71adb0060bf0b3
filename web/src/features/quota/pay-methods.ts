import type { PayType } from '@parley/core';

/** The locale id of each payment method (`quota.method.<id>`). */
export const payMethodIds: Record<PayType, 'wechat' | 'alipay'> = { 1: 'wechat', 2: 'alipay' };
