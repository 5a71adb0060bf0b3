import type { BusinessSettings, BusinessSettingsPatch, EndpointName, TopUpPack } from '@parley/core';
import type { Logger } from '../../app/logger.ts';
import { micros, type TokenPrice } from '../../config/access-env.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { createSharedSnapshot, type Every } from '../shared-state/shared-snapshot.ts';
import { readBusinessSettings, writeBusinessSettings, type RecordChange } from './business-settings-store.ts';

/** The prices, packs, models and announcement in force: the operator's settings over the environment's. */
export interface EffectiveSettings {
  /** What the operator set (absent fields take the environment's value). */
  stored: BusinessSettings;
  /** QUOTA_COSTS with the operator's per-call costs over it (the built-in table is under both). */
  callCosts: ReadonlyMap<string, number>;
  defaultCost: number;
  tokenPrices: ReadonlyMap<string, TokenPrice>;
  freeCallsPerDay: number;
  topUpPacks: TopUpPack[];
  /** The operator's list of an endpoint's models; undefined: the list X_MODELS, the catalog and live lists make. */
  offeredModels(endpoint: EndpointName): string[] | undefined;
  displayNames: Record<string, string>;
  announcement: string;
}

export function effectiveSettings(env: Env, stored: BusinessSettings): EffectiveSettings {
  const tokenPrices = new Map(env.QUOTA_TOKEN_PRICES);
  for (const [model, rate] of Object.entries(stored.tokenPrices ?? {})) {
    const input = micros(rate.input);
    tokenPrices.set(model, { inputMicros: input, outputMicros: micros(rate.output), cachedMicros: rate.cached === undefined ? input : micros(rate.cached) });
  }
  return {
    stored,
    callCosts: new Map([...env.QUOTA_COSTS, ...Object.entries(stored.callCosts ?? {})]),
    defaultCost: stored.defaultCost ?? env.QUOTA_DEFAULT_COST,
    tokenPrices,
    freeCallsPerDay: stored.freeCallsPerDay ?? env.FREE_CALLS_PER_DAY,
    // Yuan with two decimals, as the packs of TOPUP_PACKS are read.
    topUpPacks: stored.topUpPacks?.map((p) => ({ quota: p.quota, price: p.priceFen / 100, ...(p.days ? { days: p.days } : {}) })) ?? env.TOPUP_PACKS,
    offeredModels: (endpoint) => stored.models?.[endpoint],
    displayNames: stored.displayNames ?? {},
    announcement: stored.announcement ?? '',
  };
}

/** The business settings of every instance (`ctx.businessSettings`): read at start, re-read when any instance changes them. */
export interface BusinessSettingsCache {
  current(): EffectiveSettings;
  /** Stores a change, applies it here and tells the other instances; answers the stored settings before and after. */
  update(patch: BusinessSettingsPatch, record?: RecordChange): Promise<{ before: BusinessSettings; after: BusinessSettings }>;
  start(): Promise<void>;
  reread(): Promise<void>;
  close(): Promise<void>;
}

export interface BusinessSettingsOptions {
  env: Env;
  db: Db;
  log: Logger;
  /** The Redis channel changes are announced on (tests use their own). */
  topic?: string;
  every?: Every;
}

export function createBusinessSettings(options: BusinessSettingsOptions): BusinessSettingsCache {
  const { env, db, log } = options;
  const snapshot = createSharedSnapshot<EffectiveSettings>({
    what: 'business settings',
    initial: effectiveSettings(env, {}),
    read: async () => effectiveSettings(env, await readBusinessSettings(db, log)),
    log,
    redisUrl: env.REDIS_URL,
    topic: options.topic ?? 'parley:business-settings:changed',
    every: options.every,
  });
  return {
    current: snapshot.get,
    async update(patch, record) {
      const change = await writeBusinessSettings(db, log, patch, record);
      snapshot.setLocal(effectiveSettings(env, change.after));
      await snapshot.announce(Object.keys(patch).join(','));
      log.info({ settings: Object.keys(patch) }, 'business settings changed');
      return change;
    },
    start: snapshot.start,
    reread: snapshot.reread,
    close: snapshot.close,
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Models, prices, packs and announcement in force (the operator's over the environment's), fresh across instances. */
    businessSettings: BusinessSettingsCache;
  }
}
