import type { GatewayCaller } from './gateway-caller.ts';

/** How long a verified caller is remembered: a revoked key is refused by its next hold anyway (the hold checks the key row). */
const CALLER_TTL_MS = 2_000;
const CALLERS_MAX = 5_000;

export interface GatewayCallers {
  /** The caller of `secret`, remembered for 2 s after `load` verified it; a refusal is never remembered. */
  find(secret: string, load: () => Promise<GatewayCaller>): Promise<GatewayCaller>;
}

/**
 * The API's verified access keys, so a client's burst of calls looks its key up once: the lookup (a
 * join of the key and its owner) was a statement per call. A key revoked or run out meanwhile
 * is still refused by the quota hold, which reads the key row in its own transaction.
 */
export function createGatewayCallers(now: () => number = Date.now): GatewayCallers {
  const known = new Map<string, { caller: GatewayCaller; until: number }>();
  return {
    async find(secret, load) {
      const hit = known.get(secret);
      if (hit && hit.until > now()) return hit.caller;
      known.delete(secret);
      const caller = await load();
      if (known.size >= CALLERS_MAX) known.delete(known.keys().next().value!);
      known.set(secret, { caller, until: now() + CALLER_TTL_MS });
      return caller;
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The API's verified access keys, remembered for 2 s. */
    gatewayCallers: GatewayCallers;
  }
}
