import type { GatewayCaller } from './gateway-caller.ts';

/**
 * How long a verified caller is remembered: a revoked key is refused by its next hold anyway (the
 * hold checks the key row); a revoked token is forgotten at once here, and within this on other instances.
 */
const CALLER_TTL_MS = 2_000;
const CALLERS_MAX = 5_000;

export interface GatewayCallers {
  /** The caller of `secret`, remembered for 2 s after `load` verified it; a refusal is never remembered. */
  find(secret: string, load: () => Promise<GatewayCaller>): Promise<GatewayCaller>;
  /** Forgets the API token `tokenId` (it was revoked): its next call is looked up again. */
  forgetToken(tokenId: string): void;
}

/**
 * The API's verified callers (access keys and API tokens), so a client's burst of calls looks its
 * secret up once: the lookup (a join of the key or token and its owner) was a statement per call,
 * 2 ms of a call's time to first token on PGlite. A key revoked or run out meanwhile is still
 * refused by the quota hold, which reads the key row in its own transaction; a revoked token is
 * forgotten by the instance that revoked it, and other instances stop it within 2 s, as a signed-out
 * web session (the user row behind a session is cached as long).
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
    forgetToken(tokenId) {
      for (const [secret, { caller }] of known) if (caller.tokenId === tokenId) known.delete(secret);
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** The API's verified callers (access keys and API tokens), remembered for 2 s. */
    gatewayCallers: GatewayCallers;
  }
}
