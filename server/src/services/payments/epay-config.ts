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

/** The epay gateway settings, or undefined when any of EPAY_URL, EPAY_PID, EPAY_KEY, PUBLIC_URL is missing. */
export function epayConfig(env: Env): EpayConfig | undefined {
  if (!env.EPAY_URL || !env.EPAY_PID || !env.EPAY_KEY || !env.PUBLIC_URL) return undefined;
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  return { url: env.EPAY_URL.replace(/\/+$/, ''), pid: env.EPAY_PID, key: env.EPAY_KEY, notifyUrl: `${publicUrl}/api/pay/notify`, publicUrl };
}

export function paymentsConfigured(env: Env): boolean {
  return epayConfig(env) !== undefined;
}
