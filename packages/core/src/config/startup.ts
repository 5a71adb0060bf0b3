import { z } from 'zod';
import { payTypeSchema, topUpPackSchema } from '../access/usage.ts';

export const accessModes = ['accounts', 'keys', 'both'] as const;
export type AccessMode = (typeof accessModes)[number];

/** `GET /api/config`: the public subset of the server configuration. */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
  /** Whether accounts exist (false in `ACCESS_MODE=keys`): the web then offers no sign-in, registration or password reset. */
  loginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  emailEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  discordLoginEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  openidLabel: z.string(),
  openidImageUrl: z.string(),
  serverDomain: z.string(),
  checkBalance: z.boolean(),
  searchEnabled: z.boolean(),
  accessMode: z.enum(accessModes),
  buyKeyUrl: z.string(),
  lookupKeyUrl: z.string(),
  version: z.string(),
  /** Calls a visitor without a key may make per day (models costing at most 1), in `keys` and `both` modes. */
  freeCallsPerDay: z.number().int().nonnegative(),
  /** Top-up packs offered in 额度管理. */
  topUpPacks: z.array(topUpPackSchema),
  /** Payment methods offered: 1 WeChat Pay, 2 Alipay. */
  payMethods: z.array(payTypeSchema),
  /** Token credits an account gets per yuan of a pack (CREDITS_PER_YUAN), for accounts with CHECK_BALANCE. */
  creditsPerYuan: z.number().int().positive(),
  /** Whether the epay gateway is configured (EPAY_URL, EPAY_PID, EPAY_KEY); without it top-up is unavailable. */
  paymentsEnabled: z.boolean(),
  /** The operator's alias overrides (`X_MODEL_ALIASES`) by endpoint: alias → upstream model id. */
  modelAliases: z.record(z.string(), z.record(z.string(), z.string())),
  /** The operator's names for models in the picker (the console's Models and prices): model id → name. */
  modelDisplayNames: z.record(z.string(), z.string()),
  /** The operator's announcement, shown in the welcome modal; empty: none. */
  announcement: z.string(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;

export const APP_VERSION = '3.3.2';
export const socialProviders = ['google', 'facebook', 'github', 'discord', 'openid'] as const;
export type SocialProvider = (typeof socialProviders)[number];
