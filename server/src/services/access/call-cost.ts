import { modelAliases, resolveModel, type AliasOverrides, type EndpointName, type TokenRates } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import type { Env } from '../../config/env.ts';
import type { TokenPrice } from '../../config/access-env.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import { MAX_AMOUNT } from './safe-amount.ts';

/** Where prices come from: the environment, with the operator's settings over it (the console's Models and prices). */
export interface PriceSource {
  env: Env;
  businessSettings: Pick<AppContext['businessSettings'], 'current'>;
}

/** Each table built once per settings snapshot or configuration (both are replaced, never changed): every call is priced. */
const costTables = new WeakMap<object, ReadonlyMap<string, number>>();
const capTables = new WeakMap<Env, ReadonlyMap<string, number>>();

/** The spec's cost table (SPEC point 3), with the operator's QUOTA_COSTS and the console's costs over it. */
function costTable(source: PriceSource): ReadonlyMap<string, number> {
  const settings = source.businessSettings.current();
  let table = costTables.get(settings);
  if (!table) {
    const listed = modelAliases.flatMap((a) => (a.cost === null ? [] : [[a.alias, a.cost] as const]));
    costTables.set(settings, (table = new Map([...listed, ...settings.callCosts])));
  }
  return table;
}

/** Calls per key per calendar day of the rationed ids (gpt-o3-mini: 30), with the operator's QUOTA_DAILY_LIMITS over them. */
function capTable(env: Env): ReadonlyMap<string, number> {
  let table = capTables.get(env);
  if (!table) {
    const listed = modelAliases.flatMap((a) => (a.perDay === undefined ? [] : [[a.alias, a.perDay] as const]));
    capTables.set(env, (table = new Map([...listed, ...env.QUOTA_DAILY_LIMITS])));
  }
  return table;
}

/** The listed ids that call the same upstream model as `model` on this endpoint (catalog alias, then the operator's X_MODEL_ALIASES). */
function twinsOf(env: Env, endpoint: EndpointName, model: string, listed: Iterable<string>): string[] {
  const aliases: AliasOverrides = endpointSettings(env, endpoint).aliases;
  const target = resolveModel(endpoint, model, aliases).upstreamId;
  return [...listed].filter((id) => resolveModel(endpoint, id, aliases).upstreamId === target);
}

/** A daily ration and the listed id whose counter a call adds to. */
interface DailyCap {
  max: number;
  model: string;
}

/** What one call costs in quota, and the daily ration it counts against, if any. */
interface CallPrice {
  cost: number;
  cap?: DailyCap;
}

/**
 * The price of a call. A listed id (SPEC point 3's table, QUOTA_COSTS, QUOTA_DAILY_LIMITS) has its
 * own cost (QUOTA_DEFAULT_COST where only a ration is listed) and ration. Any other id that calls
 * the same upstream model as listed ids — gpt-4o's upstream id asked for directly, or an operator
 * alias of it — pays the dearest of their costs and counts against the strictest of their
 * rations, on that id's counter, so no id reaches a dear or rationed model cheaply. Anything
 * else costs QUOTA_DEFAULT_COST.
 */
export function callPrice(source: PriceSource, endpoint: EndpointName, model: string): CallPrice {
  const { env } = source;
  const defaultCost = source.businessSettings.current().defaultCost;
  const costs = costTable(source);
  const caps = capTable(env);
  const capOf = (id: string): DailyCap | undefined => (caps.has(id) ? { max: caps.get(id)!, model: id } : undefined);
  if (costs.has(model) || caps.has(model)) return { cost: costs.get(model) ?? defaultCost, cap: capOf(model) };
  const twins = twinsOf(env, endpoint, model, new Set([...costs.keys(), ...caps.keys()]));
  const twinCosts = twins.flatMap((id) => (costs.has(id) ? [costs.get(id)!] : []));
  const twinCaps = twins.flatMap((id) => capOf(id) ?? []).sort((a, b) => a.max - b.max);
  return { cost: twinCosts.length > 0 ? Math.max(...twinCosts) : defaultCost, cap: twinCaps[0] };
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

/** The operator's price per million tokens of a model (QUOTA_TOKEN_PRICES and the console's, by the id asked or the upstream id it calls); undefined: priced per call. */
export function tokenPrice(source: PriceSource, endpoint: EndpointName, model: string): TokenPrice | undefined {
  const prices = source.businessSettings.current().tokenPrices;
  if (prices.size === 0) return undefined;
  return prices.get(model) ?? prices.get(resolveModel(endpoint, model, endpointSettings(source.env, endpoint).aliases).upstreamId);
}

/** Tokens a call used; cached input tokens are part of `input` (as OpenAI counts them). */
export interface TokenCount {
  input: number;
  output: number;
  cached: number;
}

const PER_MILLION_MICROS = 1_000_000n * 1_000_000n;

/** What the tokens cost in quota, rounded up to a whole unit, computed exactly in integers. */
export function tokenCost(price: TokenPrice, tokens: TokenCount): number {
  const cached = BigInt(Math.min(tokens.cached, tokens.input));
  const uncached = BigInt(tokens.input) - cached;
  const micros = uncached * price.inputMicros + cached * price.cachedMicros + BigInt(tokens.output) * price.outputMicros;
  const cost = (micros + PER_MILLION_MICROS - 1n) / PER_MILLION_MICROS;
  return cost > BigInt(MAX_AMOUNT) ? MAX_AMOUNT : Number(cost);
}
