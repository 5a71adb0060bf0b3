import { createServer, type Server } from 'node:http';
import { DEFAULT_TOP_UP_PACKS, type EnterKeyResponse, type StartupConfig } from '@parley/core';
import { readRequestJson } from '@parley/testkit/request-body';
import { listenAsPage } from '../../api/listen-as-page.ts';

/** A startup config for DOM tests: a keys-mode server selling the spec's packs, with overrides. */
export function testStartupConfig(overrides: Partial<StartupConfig> = {}): StartupConfig {
  return {
    appTitle: 'Parley', loginEnabled: false, registrationEnabled: false, emailEnabled: false, socialLoginEnabled: false, googleLoginEnabled: false,
    facebookLoginEnabled: false, githubLoginEnabled: false, discordLoginEnabled: false, openidLoginEnabled: false, openidLabel: '',
    openidImageUrl: '', serverDomain: '', checkBalance: false, searchEnabled: true, accessMode: 'keys',
    buyKeyUrl: 'https://shop.example/buy', lookupKeyUrl: 'https://shop.example/lookup', version: '3.3.2',
    freeCallsPerDay: 10, topUpPacks: [...DEFAULT_TOP_UP_PACKS], payMethods: [1, 2], creditsPerYuan: 140_000, paymentsEnabled: true, modelAliases: {}, modelDisplayNames: {}, announcement: '',
    ...overrides,
  };
}

/** How the test server checks a typed key (`POST /api/access/enter-key`): by default every key is active. */
export type KeyCheck = (key: string) => EnterKeyResponse;
const everyKeyActive: KeyCheck = () => ({ state: 'active', carried: 0, expiresAt: null });

/**
 * A local server answering `GET /api/config` with `config()` (read on every request, so a test can
 * change it), the key check with `checkKey`, and 404 otherwise, with happy-dom's page moved onto it at `pagePath`.
 */
export async function serveStartupConfig(config: () => StartupConfig, pagePath = '/chat/new', checkKey: () => KeyCheck = () => everyKeyActive): Promise<Server> {
  const server = createServer((req, res) => {
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/access/enter-key') return void readRequestJson(req).then((body) => json(checkKey()(String((body as { key?: unknown }).key))));
    if (req.url !== '/api/config') return void res.writeHead(404).end();
    json(config());
  });
  return listenAsPage(server, pagePath);
}
