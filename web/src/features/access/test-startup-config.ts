import { createServer, type Server } from 'node:http';
import { DEFAULT_TOP_UP_PACKS, type StartupConfig } from '@parley/core';
import { listenAsPage } from '../../api/listen-as-page.ts';

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

/**
 * A local server answering `GET /api/config` with `config()` (read on every request, so a test can
 * change it) and 404 otherwise, with happy-dom's page moved onto it at `pagePath`.
 */
export async function serveStartupConfig(config: () => StartupConfig, pagePath = '/chat/new'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== '/api/config') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config()));
  });
  return listenAsPage(server, pagePath);
}
