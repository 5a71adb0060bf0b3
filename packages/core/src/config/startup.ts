import { z } from 'zod';

export const accessModes = ['accounts', 'keys', 'both'] as const;
export type AccessMode = (typeof accessModes)[number];

/** `GET /api/config`: the public subset of the server configuration. */
export const startupConfigSchema = z.object({
  appTitle: z.string(),
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
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;

export const APP_VERSION = '3.3.2';
export const socialProviders = ['google', 'facebook', 'github', 'discord', 'openid'] as const;
export type SocialProvider = (typeof socialProviders)[number];
