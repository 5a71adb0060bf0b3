import type { FastifyInstance } from 'fastify';
import { multipartBody } from './multipart.ts';
import { adminRoutesOf, fillParams } from './admin-callers.ts';
import type { AliceData, RouteCall } from './security-world.ts';

export interface RouteEntry {
  /** Signed-in routes answer 401 without a token. */
  signedIn: boolean;
  /** A well-formed call, aimed at Alice's data wherever the route takes an id. */
  call(alice: AliceData): RouteCall;
  /**
   * The status when Alice makes the call: it shows the call is well-formed, so a refusal to Bob
   * is about ownership. `answered`: any status but a refusal (401, 403) or a 5xx (the console's
   * routes, called by Alice as the instance's first account, its admin, with placeholder ids).
   */
  owner: number | 'answered';
  /** The status when Bob makes it; a call naming Alice's ids must be refused. */
  other: number | readonly number[];
}

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const ask = (a: AliceData, extra: Record<string, unknown> = {}) => ({
  text: 'Bob wants in',
  endpoint: 'openAI',
  model: 'gpt-4o',
  conversationId: a.conversationId,
  parentMessageId: a.replyId,
  ...extra,
});

/**
 * Every route of the app, as `METHOD /path` the way Fastify registers it, with how to call it.
 * The sweep fails for a registered route missing here, so a new route must say how it is called.
 * Calls that change or delete Alice's data come last: the owner pass runs in this order.
 */
export const routeTable: Record<string, RouteEntry> = {
  'GET /api/config': { signedIn: false, call: () => ({ url: '/api/config' }), owner: 200, other: 200 },
  'GET /api/health': { signedIn: false, call: () => ({ url: '/api/health' }), owner: 200, other: 200 },
  'GET /api/health/ready': { signedIn: false, call: () => ({ url: '/api/health/ready' }), owner: 200, other: 200 },
  'POST /api/auth/register': {
    signedIn: false,
    call: (a) => ({ url: '/api/auth/register', payload: { name: 'Mallory', email: a.email, password: 'hunter2hunter2', confirm_password: 'hunter2hunter2' } }),
    owner: 409,
    other: 409,
  },
  'POST /api/auth/login': {
    signedIn: false,
    call: (a) => ({ url: '/api/auth/login', payload: { email: a.email, password: 'not-alice-password' } }),
    owner: 401,
    other: 401,
  },
  'POST /api/auth/refresh': { signedIn: false, call: () => ({ url: '/api/auth/refresh' }), owner: 401, other: 401 },
  'POST /api/auth/logout': { signedIn: false, call: () => ({ url: '/api/auth/logout' }), owner: 200, other: 200 },
  // The reset rules themselves (who gets a link) are the accounts suite's; here: no 5xx, Alice unchanged.
  'POST /api/auth/requestPasswordReset': {
    signedIn: false,
    call: (a) => ({ url: '/api/auth/requestPasswordReset', payload: { email: a.email } }),
    // Without mail (as here) the server offers no reset at all: 403 for everyone.
    owner: 403,
    other: 403,
  },
  'POST /api/auth/resetPassword': {
    signedIn: false,
    call: (a) => ({ url: '/api/auth/resetPassword', payload: { userId: a.userId, token: 'forged-token', password: 'hunter2hunter2', confirm_password: 'hunter2hunter2' } }),
    owner: 400,
    other: 400,
  },
  // No social provider is configured here; their own suites sign in through fakes.
  // No ADMIN_PASSWORD here: there is no operator to sign in (the console's own tests set one).
  'POST /api/operator/login': { signedIn: false, call: () => ({ url: '/api/operator/login', payload: { password: 'not-the-password' } }), owner: 404, other: 404 },
  'POST /api/operator/logout': { signedIn: false, call: () => ({ url: '/api/operator/logout' }), owner: 200, other: 200 },
  'GET /oauth/:provider': { signedIn: false, call: () => ({ url: '/oauth/github' }), owner: 404, other: 404 },
  'GET /oauth/:provider/callback': { signedIn: false, call: () => ({ url: '/oauth/github/callback?code=x&state=y' }), owner: 404, other: 404 },

  'GET /api/user': { signedIn: true, call: () => ({ url: '/api/user' }), owner: 200, other: 200 },
  'GET /api/balance': { signedIn: true, call: () => ({ url: '/api/balance' }), owner: 200, other: 200 },
  // The usage calls authenticate by the key in their body; in accounts mode an unknown key answers usage 0 / a failure code.
  'POST /api/ask/usage/getusage': {
    signedIn: false,
    call: () => ({ url: '/api/ask/usage/getusage', payload: { password: 'x', apikey: `sk-${'A'.repeat(48)}` } }),
    owner: 200,
    other: 200,
  },
  'POST /api/ask/usage/createorder': {
    signedIn: false,
    call: () => ({
      url: '/api/ask/usage/createorder',
      payload: { password: 'x', apikey: `sk-${'A'.repeat(48)}`, payId: '1', type: 1, price: 20, returnUrl: 'http://127.0.0.1:3080/' },
    }),
    owner: 200,
    other: 200,
  },
  // A code nobody made: refused alike for everyone (and counted as a guess).
  'POST /api/redeem': { signedIn: false, call: () => ({ url: '/api/redeem', payload: { code: 'AAAAA-AAAAA-AAAAA-AAAAA' } }), owner: 400, other: 400 },
  // Payments are not configured in the sweep's app: no gateway page, and every notification fails.
  'GET /pay/:orderId': { signedIn: false, call: () => ({ url: '/pay/PL0' }), owner: 404, other: 404 },
  'GET /api/pay/notify': { signedIn: false, call: () => ({ url: '/api/pay/notify?out_trade_no=PL0&trade_status=TRADE_SUCCESS' }), owner: 200, other: 200 },
  'POST /api/pay/notify': { signedIn: false, call: () => ({ url: '/api/pay/notify', payload: { out_trade_no: 'PL0', trade_status: 'TRADE_SUCCESS' } }), owner: 200, other: 200 },
  // The buyer's orders: no gateway here, so no method is offered; credits need CHECK_BALANCE; an order page needs its browser's cookie.
  'POST /api/orders/key': { signedIn: false, call: () => ({ url: '/api/orders/key', payload: { payId: 'p1', type: 1, price: 20 } }), owner: 400, other: 400 },
  'POST /api/orders/credits': { signedIn: true, call: () => ({ url: '/api/orders/credits', payload: { payId: 'p1', type: 1, price: 20 } }), owner: 404, other: 404 },
  'GET /api/orders/:orderId': { signedIn: false, call: () => ({ url: '/api/orders/PL0' }), owner: 404, other: 404 },
  // Accounts mode has no keys to enter.
  'POST /api/access/enter-key': { signedIn: false, call: () => ({ url: '/api/access/enter-key', payload: { key: `sk-${'A'.repeat(48)}` } }), owner: 404, other: 404 },
  'GET /api/endpoints': { signedIn: true, call: () => ({ url: '/api/endpoints' }), owner: 200, other: 200 },
  'GET /api/models': { signedIn: true, call: () => ({ url: '/api/models' }), owner: 200, other: 200 },
  'GET /api/models/costs': { signedIn: true, call: () => ({ url: '/api/models/costs' }), owner: 200, other: 200 },
  'GET /api/models/retiring': { signedIn: true, call: () => ({ url: '/api/models/retiring' }), owner: 200, other: 200 },
  'GET /api/search/enable': { signedIn: true, call: () => ({ url: '/api/search/enable' }), owner: 200, other: 200 },
  'GET /api/search': { signedIn: true, call: () => ({ url: '/api/search?q=zebra' }), owner: 200, other: 200 },
  'GET /api/convos': { signedIn: true, call: () => ({ url: '/api/convos' }), owner: 200, other: 200 },
  'GET /api/convos/archived': { signedIn: true, call: () => ({ url: '/api/convos/archived' }), owner: 200, other: 200 },
  'GET /api/share': { signedIn: true, call: () => ({ url: '/api/share' }), owner: 200, other: 200 },
  // Public by design: the token is the key, and the shared conversation holds none of Alice's secrets.
  'GET /api/share/public/:token': { signedIn: false, call: (a) => ({ url: `/api/share/public/${a.shareToken}` }), owner: 200, other: 200 },
  // Her shared branch holds no file (the share route's own test serves one): a number past the end is 404 to anyone.
  'GET /api/share/public/:token/files/:n': { signedIn: false, call: (a) => ({ url: `/api/share/public/${a.shareToken}/files/1` }), owner: 404, other: 404 },
  'POST /api/share': { signedIn: true, call: (a) => ({ url: '/api/share', payload: { conversationId: a.conversationId } }), owner: 200, other: 404 },
  'POST /api/convos/archive': { signedIn: true, call: (a) => ({ url: '/api/convos/archive', payload: { conversationId: a.conversationId, archived: false } }), owner: 200, other: 404 },
  // An import always makes new conversations of the caller's own: Bob's lands in Bob's account.
  'POST /api/convos/import': {
    signedIn: true,
    call: () => {
      const form = multipartBody({}, { name: 'export.json', data: JSON.stringify({ title: 'Imported', messages: [{ messageId: 'imported-1', parentMessageId: null, text: 'hello', isCreatedByUser: true }] }) });
      return { url: '/api/convos/import', payload: form.body.toString('latin1'), contentType: form.contentType };
    },
    owner: 200,
    other: 200,
  },
  'PATCH /api/user': { signedIn: true, call: () => ({ url: '/api/user', payload: { name: 'Renamed person' } }), owner: 200, other: 200 },
  // A wrong current password: refused for everyone, so the sweep keeps its sessions.
  'POST /api/user/password': {
    signedIn: true,
    call: () => ({ url: '/api/user/password', payload: { currentPassword: 'not-the-password', password: 'hunter2hunter2', confirm_password: 'hunter2hunter2' } }),
    owner: 403,
    other: 403,
  },
  // Alice's address confirms only Alice's deletion, and then her password must be right: refused either way here.
  'POST /api/user/delete': { signedIn: true, call: (a) => ({ url: '/api/user/delete', payload: { confirm: a.email, password: 'not-the-password' } }), owner: 403, other: 400 },
  'GET /api/files/:id': { signedIn: true, call: (a) => ({ url: `/api/files/${a.fileId}` }), owner: 200, other: 404 },
  'POST /api/ask/files/upload': {
    signedIn: true,
    call: () => {
      const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name: 'notes.txt', data: 'plain notes' });
      return { url: '/api/ask/files/upload', payload: form.body.toString('latin1'), contentType: form.contentType };
    },
    owner: 200,
    other: 200,
  },
  'GET /api/convos/:id': { signedIn: true, call: (a) => ({ url: `/api/convos/${a.conversationId}` }), owner: 200, other: 404 },
  'GET /api/messages/:conversationId': { signedIn: true, call: (a) => ({ url: `/api/messages/${a.conversationId}` }), owner: 200, other: 404 },
  'GET /api/messages/:conversationId/recent': { signedIn: true, call: (a) => ({ url: `/api/messages/${a.conversationId}/recent?count=5` }), owner: 200, other: 404 },
  'GET /api/presets': { signedIn: true, call: () => ({ url: '/api/presets' }), owner: 200, other: 200 },
  'GET /api/plugins': { signedIn: true, call: () => ({ url: '/api/plugins' }), owner: 200, other: 200 },
  'POST /api/user/plugins': {
    signedIn: true,
    call: () => ({ url: '/api/user/plugins', payload: { pluginKey: 'calculator', action: 'install', auth: null } }),
    owner: 200,
    other: 200,
  },
  'GET /api/keys': { signedIn: true, call: () => ({ url: '/api/keys?name=anthropic' }), owner: 200, other: 200 },
  'GET /api/ask/stream/:streamId': { signedIn: true, call: (a) => ({ url: `/api/ask/stream/${a.streamId}` }), owner: 200, other: 404 },
  'POST /api/tokenizer': { signedIn: true, call: () => ({ url: '/api/tokenizer', payload: { arg: 'How many tokens?' } }), owner: 200, other: 200 },
  'POST /api/ask/:endpoint/abort': { signedIn: true, call: (a) => ({ url: '/api/ask/openAI/abort', payload: { abortKey: a.streamId } }), owner: 200, other: 404 },
  'POST /api/ask/:endpoint': { signedIn: true, call: (a) => ({ url: '/api/ask/openAI', payload: ask(a) }), owner: 200, other: 404 },
  'POST /api/edit/:endpoint': {
    signedIn: true,
    call: (a) => ({ url: '/api/edit/openAI', payload: ask(a, { text: '', isContinued: true, responseMessageId: a.replyId, generation: 'Alice zebra' }) }),
    owner: 200,
    other: 404,
  },
  'PUT /api/keys': {
    signedIn: true,
    call: () => ({ url: '/api/keys', payload: { name: 'anthropic', value: 'sk-ant-replaced', expiresAt: inADay() } }),
    owner: 200,
    other: 200,
  },
  'PUT /api/messages/:conversationId/:messageId': {
    signedIn: true,
    call: (a) => ({ url: `/api/messages/${a.conversationId}/${a.userMessageId}`, payload: { text: 'rewritten' } }),
    owner: 200,
    other: 404,
  },
  'POST /api/convos/update': { signedIn: true, call: (a) => ({ url: '/api/convos/update', payload: { arg: { conversationId: a.conversationId, title: 'renamed' } } }), owner: 200, other: 404 },
  'POST /api/presets': {
    signedIn: true,
    call: (a) => ({ url: '/api/presets', payload: { presetId: a.presetId, title: 'taken over', endpoint: 'openAI', model: 'gpt-4o' } }),
    owner: 200,
    other: 404,
  },
  'POST /api/presets/delete': { signedIn: true, call: (a) => ({ url: '/api/presets/delete', payload: { presetId: a.presetId } }), owner: 200, other: 404 },
  'GET /api/user/tokens': { signedIn: true, call: () => ({ url: '/api/user/tokens' }), owner: 200, other: 200 },
  'POST /api/user/tokens': { signedIn: true, call: () => ({ url: '/api/user/tokens', payload: { name: 'sweep token', expiresInDays: 1 } }), owner: 201, other: 201 },
  'GET /api/usage/records': { signedIn: true, call: () => ({ url: '/api/usage/records?limit=5' }), owner: 200, other: 200 },
  // "My usage": each caller's own spend by day and orders; Bob's answers never hold Alice's (her order and record are secrets).
  'GET /api/usage/daily': { signedIn: true, call: () => ({ url: '/api/usage/daily?days=7&tz=Asia%2FShanghai' }), owner: 200, other: 200 },
  'GET /api/usage/orders': { signedIn: true, call: () => ({ url: '/api/usage/orders?limit=5' }), owner: 200, other: 200 },
  // The API takes access keys and API tokens only: a web session's token is not one (401 in OpenAI's shape).
  'POST /v1/chat/completions': { signedIn: true, call: () => ({ url: '/v1/chat/completions', payload: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Bob wants in' }] } }), owner: 401, other: 401 },
  'GET /v1/models': { signedIn: true, call: () => ({ url: '/v1/models' }), owner: 401, other: 401 },
  'GET /v1/models/:model': { signedIn: true, call: () => ({ url: '/v1/models/gpt-4o' }), owner: 401, other: 401 },
  'POST /v1/images/generations': { signedIn: true, call: () => ({ url: '/v1/images/generations', payload: { model: 'gpt-4o-image', prompt: 'a dot' } }), owner: 401, other: 401 },
  'POST /v1/embeddings': { signedIn: true, call: () => ({ url: '/v1/embeddings', payload: { model: 'text-embedding-3-small', input: 'x' } }), owner: 401, other: 401 },
  'GET /v1/dashboard/billing/subscription': { signedIn: true, call: () => ({ url: '/v1/dashboard/billing/subscription' }), owner: 401, other: 401 },
  'GET /v1/dashboard/billing/usage': { signedIn: true, call: () => ({ url: '/v1/dashboard/billing/usage' }), owner: 401, other: 401 },
  'POST /v1/messages': {
    signedIn: true,
    call: () => ({ url: '/v1/messages', payload: { model: 'claude-sonnet-4-6', max_tokens: 10, messages: [{ role: 'user', content: 'Bob wants in' }] } }),
    owner: 401,
    other: 401,
  },
  'POST /v1/messages/count_tokens': {
    signedIn: true,
    call: () => ({ url: '/v1/messages/count_tokens', payload: { model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: 'Bob wants in' }] } }),
    owner: 401,
    other: 401,
  },
  'POST /v1/responses': { signedIn: true, call: () => ({ url: '/v1/responses', payload: { model: 'gpt-4o-mini', input: 'Bob wants in' } }), owner: 401, other: 401 },
  'GET /v1/responses/:id': { signedIn: true, call: () => ({ url: '/v1/responses/resp_bobwantsin?stream=true&starting_after=0' }), owner: 401, other: 401 },
  'POST /v1/responses/:id/cancel': { signedIn: true, call: () => ({ url: '/v1/responses/resp_bobwantsin/cancel' }), owner: 401, other: 401 },
  // Gemini answers a key it does not know (a session token is none) with its 400 API_KEY_INVALID, and no key with 401.
  'POST /v1beta/models/:modelAction': {
    signedIn: true,
    call: () => ({ url: '/v1beta/models/gemini-3.7-flash:generateContent', payload: { contents: [{ role: 'user', parts: [{ text: 'Bob wants in' }] }] } }),
    owner: 400,
    other: 400,
  },
  'DELETE /api/keys/:name': { signedIn: true, call: () => ({ url: '/api/keys/anthropic' }), owner: 200, other: 200 },
  'DELETE /api/keys': { signedIn: true, call: () => ({ url: '/api/keys?all=true' }), owner: 200, other: 200 },
  'DELETE /api/user/tokens/:id': { signedIn: true, call: (a) => ({ url: `/api/user/tokens/${a.apiTokenId}` }), owner: 200, other: 404 },
  'DELETE /api/share/:id': { signedIn: true, call: (a) => ({ url: `/api/share/${a.shareId}` }), owner: 200, other: 404 },
  'POST /api/convos/clear': { signedIn: true, call: (a) => ({ url: '/api/convos/clear', payload: { arg: { conversationId: a.conversationId } } }), owner: 200, other: 404 },
  // Last: it ends the caller's own sessions, this one included.
  'POST /api/user/logout-everywhere': { signedIn: true, call: () => ({ url: '/api/user/logout-everywhere' }), owner: 200, other: 200 },
};

/**
 * The table with an entry for every console route (`/api/admin/…`) it does not name: called with
 * placeholder ids (and a placeholder body), refused to Bob (403), answered to Alice, the admin.
 * A console area added later is swept without anyone listing its routes.
 */
export function withConsoleRoutes(registered: string[]): Record<string, RouteEntry> {
  const table = { ...routeTable };
  for (const route of adminRoutesOf(registered)) {
    const [method, path] = route.split(' ') as [string, string];
    if (route in table) continue;
    const url = fillParams(path);
    const payload = method === 'GET' || method === 'DELETE' ? undefined : { sweep: 'x' };
    table[route] = { signedIn: true, call: () => ({ url, payload }), owner: 'answered', other: 403 };
  }
  // The entry that ends the caller's sessions stays last, after the console's.
  const { [ENDS_SESSIONS]: last, ...rest } = table;
  return last ? { ...rest, [ENDS_SESSIONS]: last } : rest;
}

const ENDS_SESSIONS = 'POST /api/user/logout-everywhere';

/**
 * The routes the app registered, read from Fastify's own route tree (HEAD twins of GET left
 * out), so a route added later shows up here without anyone listing it.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = prefixes.join('') + match[2]!;
    prefixes.push(match[2]!);
    const methods = (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD');
    routes.push(...methods.map((method) => `${method} ${path}`));
  }
  return routes;
}
