import { aliasEntry, resolveModel, type EndpointName, type TokenRates } from '@parley/core';
import type { Env } from '../../config/env.ts';

type CostEnv = Pick<Env, 'QUOTA_COSTS' | 'QUOTA_DEFAULT_COST'>;

/**
 * The quota one call costs: the operator's override (QUOTA_COSTS), else the alias's cost in the
 * core model catalog (SPEC point 3), else QUOTA_DEFAULT_COST for a model the catalog prices not.
 */
export function callCost(env: CostEnv, _endpoint: EndpointName, model: string): number {
  return env.QUOTA_COSTS[model] ?? aliasEntry(model)?.cost ?? env.QUOTA_DEFAULT_COST;
}

/** Calls per key per calendar day for a rationed model (gpt-o3-mini: 30): the operator's QUOTA_DAILY_LIMITS, else the table's. */
export function dailyCap(env: Pick<Env, 'QUOTA_DAILY_LIMITS'>, model: string): number | undefined {
  return env.QUOTA_DAILY_LIMITS[model] ?? aliasEntry(model)?.perDay;
}

/** Visitors without a key may only use models costing at most this much. */
export const FREE_MODEL_MAX_COST = 1;

/** Unknown models (live-listed ids the catalog lacks) are charged LibreChat's default rates. */
const defaultRates: TokenRates = { prompt: 6, completion: 12 };

/**
 * Token credits per prompt and per completion token (CHECK_BALANCE): the catalog's US dollars per
 * million tokens of the model that answers, on LibreChat's scale (1 credit = 1e-6 USD, so the
 * rate per million tokens is the credits per token).
 */
export function tokenRates(endpoint: EndpointName, model: string): TokenRates {
  return resolveModel(endpoint, model).info?.rates ?? defaultRates;
}
