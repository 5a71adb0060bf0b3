import { DEFAULT_TOP_UP_PACKS, type StartupConfig } from '@parley/core';

/** A startup config for DOM tests: a keys-mode server selling the spec's packs, with overrides. */
export function testStartupConfig(overrides: Partial<StartupConfig> = {}): StartupConfig {
  return {
    appTitle: 'Parley', loginEnabled: false, registrationEnabled: false, emailEnabled: false, socialLoginEnabled: false, googleLoginEnabled: false,
    facebookLoginEnabled: false, githubLoginEnabled: false, discordLoginEnabled: false, openidLoginEnabled: false, openidLabel: '',
    openidImageUrl: '', serverDomain: '', checkBalance: false, searchEnabled: true, accessMode: 'keys',
    buyKeyUrl: 'https://shop.example/buy', lookupKeyUrl: 'https://shop.example/lookup', version: '3.3.2',
    freeCallsPerDay: 10, topUpPacks: [...DEFAULT_TOP_UP_PACKS], payMethods: [1, 2], paymentsEnabled: true, modelAliases: {},
    ...overrides,
  };
}
