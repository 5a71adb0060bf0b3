import { endpointOrder, type AdminSettingsResponse, type BusinessSettings, type BusinessSettingsPatch } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ConsoleCaller } from '../users/user-console.ts';
import { effectiveSettings } from './business-settings.ts';

/** The operator's settings, what the environment gives without them, and each endpoint's model list in force. */
export async function settingsForConsole(ctx: AppContext): Promise<AdminSettingsResponse> {
  const defaults = effectiveSettings(ctx.env, {});
  const models: Record<string, string[]> = {};
  for (const endpoint of endpointOrder) models[endpoint] = await ctx.models.listFor(endpoint);
  return {
    settings: ctx.businessSettings.current().stored,
    defaults: {
      models,
      defaultCost: defaults.defaultCost,
      callCosts: Object.fromEntries(defaults.callCosts),
      freeCallsPerDay: defaults.freeCallsPerDay,
      topUpPacks: defaults.topUpPacks.map((p) => ({ quota: p.quota, priceFen: Math.round(p.price * 100), ...(p.days ? { days: p.days } : {}) })),
    },
  };
}

/** Stores a change of the settings (in force at once on every instance), recorded with what it was before. */
export async function updateSettingsFromConsole(ctx: AppContext, caller: ConsoleCaller, patch: BusinessSettingsPatch): Promise<AdminSettingsResponse> {
  const changed = Object.keys(patch).filter((name) => patch[name as keyof BusinessSettingsPatch] !== undefined) as (keyof BusinessSettings)[];
  const pick = (s: BusinessSettings) => Object.fromEntries(changed.map((name) => [name, s[name] ?? null]));
  await ctx.businessSettings.update(patch, (tx, { before, after }) =>
    recordAudit(tx, { ...caller, action: 'model.update', target: changed.join(', '), before: pick(before), after: pick(after) }),
  );
  return settingsForConsole(ctx);
}
