import { z } from 'zod';
import { endpointNameSchema } from '../endpoints/names.ts';

const modelId = z.string().trim().min(1).max(200).regex(/^\S+$/);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Quota per million tokens, up to six decimals, as a string so it stays exact. */
export const tokenRateSchema = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/);

/**
 * The operator's business settings (the console's Models and prices). Every field is optional:
 * an absent one takes the environment's value (X_MODELS, QUOTA_COSTS, QUOTA_DEFAULT_COST,
 * QUOTA_TOKEN_PRICES, FREE_CALLS_PER_DAY, TOPUP_PACKS).
 */
export const businessSettingsSchema = z.object({
  /** The models each endpoint offers, in order; replaces its list. */
  models: z.partialRecord(endpointNameSchema, z.array(modelId).max(200)).optional(),
  /** What the model picker calls a model. */
  displayNames: z.record(modelId, z.string().trim().min(1).max(100)).refine((r) => Object.keys(r).length <= 500).optional(),
  /** Quota per call, by model id (over the built-in table and QUOTA_COSTS). */
  callCosts: z.record(modelId, amount).refine((r) => Object.keys(r).length <= 500).optional(),
  /** Quota per call of a model priced nowhere else. */
  defaultCost: amount.optional(),
  /** Quota per million input, output and cached input tokens, by model id: such a model is charged by its tokens. */
  tokenPrices: z
    .record(modelId, z.object({ input: tokenRateSchema, output: tokenRateSchema, cached: tokenRateSchema.optional() }))
    .refine((r) => Object.keys(r).length <= 500)
    .optional(),
  /** Free calls a visitor without a key may make a day. */
  freeCallsPerDay: z.number().int().min(0).max(1_000_000).optional(),
  /** The top-up packs, price in integer fen. */
  topUpPacks: z
    .array(
      z.object({
        quota: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        priceFen: z.number().int().min(1).max(100_000_000),
        /** How long the quota lasts (a new key's lifetime, a renewal); none: no limit. */
        days: z.number().int().min(1).max(36_500).optional(),
      }),
    )
    .min(1)
    .max(12)
    .optional(),
  /** Shown in the chat's welcome modal; empty: none. */
  announcement: z.string().trim().max(4000).optional(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export const BUSINESS_SETTING_NAMES = businessSettingsSchema.keyof().options;
export type BusinessSettingName = (typeof BUSINESS_SETTING_NAMES)[number];

/**
 * `PUT /api/admin/settings`: the fields to change; `null` returns a field to its environment
 * default.
 */
export const businessSettingsPatchSchema = z.object(
  Object.fromEntries(Object.entries(businessSettingsSchema.shape).map(([name, schema]) => [name, schema.unwrap().nullable().optional()])) as {
    [K in BusinessSettingName]: z.ZodOptional<z.ZodNullable<ReturnType<(typeof businessSettingsSchema.shape)[K]['unwrap']>>>;
  },
);
export type BusinessSettingsPatch = z.infer<typeof businessSettingsPatchSchema>;

/** `GET /api/admin/settings`: what the operator set, and the defaults the environment gives. */
export const adminSettingsResponseSchema = z.object({
  settings: businessSettingsSchema,
  defaults: z.object({
    models: z.record(z.string(), z.array(z.string())),
    defaultCost: z.number().int(),
    callCosts: z.record(z.string(), z.number().int()),
    freeCallsPerDay: z.number().int(),
    topUpPacks: z.array(z.object({ quota: z.number().int(), priceFen: z.number().int(), days: z.number().int().optional() })),
  }),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;
