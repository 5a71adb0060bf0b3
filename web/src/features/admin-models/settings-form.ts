import { endpointOrder, type BusinessSettings, type BusinessSettingsPatch, type EndpointName } from '@parley/core';
import type { Row } from './rows-editor.tsx';
import { fenToYuan, yuanToFen } from './yuan.ts';

/** The Models and prices form: every field as the operator types it; an empty one is the environment's default. */
export interface SettingsForm {
  announcement: string;
  freeCallsPerDay: string;
  defaultCost: string;
  packs: Row[];
  callCosts: Row[];
  tokenPrices: Row[];
  displayNames: Row[];
  models: Record<EndpointName, string>;
}

export function formOf(settings: BusinessSettings): SettingsForm {
  return {
    announcement: settings.announcement ?? '',
    freeCallsPerDay: settings.freeCallsPerDay?.toString() ?? '',
    defaultCost: settings.defaultCost?.toString() ?? '',
    packs: settings.topUpPacks?.map((p) => [String(p.quota), fenToYuan(p.priceFen), p.days?.toString() ?? '']) ?? [],
    callCosts: Object.entries(settings.callCosts ?? {}).map(([model, cost]) => [model, String(cost)]),
    tokenPrices: Object.entries(settings.tokenPrices ?? {}).map(([model, p]) => [model, p.input, p.output, p.cached ?? '']),
    displayNames: Object.entries(settings.displayNames ?? {}).map(([model, name]) => [model, name]),
    models: Object.fromEntries(endpointOrder.map((e) => [e, settings.models?.[e]?.join('\n') ?? ''])) as Record<EndpointName, string>,
  };
}

/** The longest a pack may last, as the settings contract allows. */
const MAX_PACK_DAYS = 36_500;
const whole = (text: string) => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : undefined);
const filled = (rows: Row[]) => rows.filter((row) => row.some((cell) => cell.trim()));

/** The row or field that is not well formed, by its form name; empty when all are. */
export function formProblems(form: SettingsForm): string[] {
  const problems: string[] = [];
  if (form.freeCallsPerDay.trim() && whole(form.freeCallsPerDay) === undefined) problems.push('freeCallsPerDay');
  if (form.defaultCost.trim() && whole(form.defaultCost) === undefined) problems.push('defaultCost');
  const badDays = (days = '') => {
    const count = whole(days);
    return days.trim() !== '' && (count === undefined || count < 1 || count > MAX_PACK_DAYS);
  };
  if (filled(form.packs).some(([quota, price, days]) => !whole(quota ?? '') || !yuanToFen(price ?? '') || badDays(days))) problems.push('packs');
  if (filled(form.callCosts).some(([model, cost]) => !model?.trim() || whole(cost ?? '') === undefined)) problems.push('callCosts');
  const rate = /^\d{1,12}(\.\d{1,6})?$/;
  if (filled(form.tokenPrices).some(([model, input, output, cached]) => !model?.trim() || !rate.test(input ?? '') || !rate.test(output ?? '') || (cached !== '' && !rate.test(cached ?? ''))))
    problems.push('tokenPrices');
  if (filled(form.displayNames).some(([model, name]) => !model?.trim() || !name?.trim())) problems.push('displayNames');
  return problems;
}

/** Every field of the form as a change: what is typed, or null to return to the environment's default. */
export function patchOf(form: SettingsForm): BusinessSettingsPatch {
  const orNull = <T>(items: T[]) => (items.length > 0 ? items : null);
  const record = <T>(entries: [string, T][]) => (entries.length > 0 ? Object.fromEntries(entries) : null);
  const models = endpointOrder.flatMap((e) => {
    const ids = form.models[e].split(/[\s,]+/).filter(Boolean);
    return ids.length > 0 ? [[e, [...new Set(ids)]] as const] : [];
  });
  return {
    announcement: form.announcement.trim() || null,
    freeCallsPerDay: whole(form.freeCallsPerDay) ?? null,
    defaultCost: whole(form.defaultCost) ?? null,
    topUpPacks: orNull(
      filled(form.packs).map(([quota, price, days = '']) => ({ quota: whole(quota!)!, priceFen: yuanToFen(price!)!, ...(days.trim() ? { days: whole(days)! } : {}) })),
    ),
    callCosts: record(filled(form.callCosts).map(([model, cost]) => [model!.trim(), whole(cost!)!])),
    tokenPrices: record(filled(form.tokenPrices).map(([model, input, output, cached]) => [model!.trim(), { input: input!, output: output!, ...(cached ? { cached } : {}) }])),
    displayNames: record(filled(form.displayNames).map(([model, name]) => [model!.trim(), name!.trim()])),
    models: models.length > 0 ? Object.fromEntries(models) : null,
  };
}
