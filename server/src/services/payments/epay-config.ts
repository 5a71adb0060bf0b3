import { payTypes, type PayType } from '@parley/core';
import type { Env } from '../../config/env.ts';

export interface EpayConfig {
  url: string;
  pid: string;
  key: string;
  /** Where the gateway posts the payment result: PUBLIC_URL/api/pay/notify. */
  notifyUrl: string;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
}

type GatewayVar = 'URL' | 'PID' | 'KEY';
/** `EPAY_WXPAY_URL`…: a method's own gateway; each unset part falls back to `EPAY_URL`, `EPAY_PID`, `EPAY_KEY`. */
const methodVar = (type: PayType, part: GatewayVar) => `EPAY_${payTypes[type].toUpperCase() as Uppercase<(typeof payTypes)[PayType]>}_${part}` as const;

/**
 * The epay gateway that takes payments by `type` (WeChat Pay or Alipay): the method's own
 * `EPAY_<METHOD>_*` settings over the shared `EPAY_*` ones; undefined when the URL, merchant id,
 * key or PUBLIC_URL is missing for it. Without a type: the shared gateway.
 */
export function epayConfig(env: Env, type?: PayType): EpayConfig | undefined {
  const part = (name: GatewayVar): string | undefined => (type === undefined ? undefined : env[methodVar(type, name)]) ?? env[`EPAY_${name}`];
  const url = part('URL');
  const pid = part('PID');
  const key = part('KEY');
  if (!url || !pid || !key || !env.PUBLIC_URL) return undefined;
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  return { url: url.replace(/\/+$/, ''), pid, key, notifyUrl: `${publicUrl}/api/pay/notify`, publicUrl };
}

/** The payment methods offered (PAY_METHODS) that have a gateway. */
export function payableMethods(env: Env): PayType[] {
  return env.PAY_METHODS.filter((type) => epayConfig(env, type) !== undefined);
}

export function paymentsConfigured(env: Env): boolean {
  return payableMethods(env).length > 0;
}

/** Every distinct gateway a notification may come from, with the methods it takes. */
export function epayGateways(env: Env): { config: EpayConfig; types: PayType[] }[] {
  const gateways: { config: EpayConfig; types: PayType[] }[] = [];
  for (const type of payableMethods(env)) {
    const config = epayConfig(env, type)!;
    const same = gateways.find((g) => g.config.url === config.url && g.config.pid === config.pid && g.config.key === config.key);
    if (same) same.types.push(type);
    else gateways.push({ config, types: [type] });
  }
  return gateways;
}
