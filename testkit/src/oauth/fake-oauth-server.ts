import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestForm } from '../http/request-body.ts';
import { escapeHtml, page, redirect, sendHtml, sendJson } from './http-helpers.ts';
import {
  fakeOAuthProviders,
  profilePaths,
  sendProfile,
  sendUnauthorized,
  type FakeOAuthProvider,
  type FakeOAuthUser,
} from './profiles.ts';

export { fakeOAuthProviders, type FakeOAuthProvider, type FakeOAuthUser } from './profiles.ts';

export interface FakeOAuthServerOptions {
  clientId: string;
  clientSecret: string;
  users: FakeOAuthUser[];
}

export interface FakeOAuthUrls {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export interface FakeOAuthServer {
  url: string;
  users: FakeOAuthUser[];
  /** The three URLs to put in `<P>_AUTHORIZATION_URL`, `<P>_TOKEN_URL`, `<P>_USERINFO_URL`. */
  urlsFor(provider: FakeOAuthProvider): FakeOAuthUrls;
  close(): Promise<void>;
}

interface PendingCode {
  provider: FakeOAuthProvider;
  userId: string;
  redirectUri: string;
  challenge?: string;
  challengeMethod?: string;
  expiresAt: number;
}

/**
 * One authorization server standing in for Google, GitHub, Discord and Facebook, each under
 * `/<provider>`. `GET /<provider>/authorize` shows a consent page: a `user` select (one option per
 * user, labelled by email) and the buttons "Authorize" / "Deny". Adding `auto=1` (and optionally
 * `user=<id>`) to the authorize URL approves at once. `/token` follows RFC 6749 §4.1.3 and §5.
 */
export async function startFakeOAuthServer(options: FakeOAuthServerOptions): Promise<FakeOAuthServer> {
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { provider: FakeOAuthProvider; userId: string }>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, 'http://127.0.0.1');
    const [, provider, ...rest] = url.pathname.split('/');
    if (!fakeOAuthProviders.includes(provider as FakeOAuthProvider)) return sendJson(res, 404, { error: 'not_found' });
    const p = provider as FakeOAuthProvider;
    const path = `/${rest.join('/')}`;

    if (path === '/authorize' && req.method === 'GET') return authorizePage(p, url.searchParams, res);
    if (path === '/authorize' && req.method === 'POST') return decide(p, new URLSearchParams(await readRequestForm(req)), res);
    if (path === '/token' && req.method === 'POST') return token(p, req, res);
    if (req.method === 'GET') {
      const grant = accessTokens.get(bearerToken(req, url) ?? '');
      const user = grant?.provider === p ? options.users.find((u) => u.id === grant.userId) : undefined;
      if (!user) return sendUnauthorized(p, res);
      if (sendProfile(p, path, user, req, res)) return;
    }
    sendJson(res, 404, { error: 'not_found' });
  }

  function authorizePage(provider: FakeOAuthProvider, query: URLSearchParams, res: ServerResponse) {
    if (query.get('client_id') !== options.clientId || !query.get('redirect_uri')) {
      // Real providers show an error page rather than redirecting to an unverified client.
      return sendHtml(res, 400, page('Authorization error', '<p role="alert">Unknown client_id or missing redirect_uri.</p>'));
    }
    if (query.get('auto') === '1') return decide(provider, withDecision(query, 'allow'), res);
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method']
      .filter((name) => query.has(name))
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name)!)}">`)
      .join('');
    const choices = options.users
      .map((u) => `<option value="${escapeHtml(u.id)}">${escapeHtml(u.email ?? u.name)}</option>`)
      .join('');
    return sendHtml(
      res,
      200,
      page(
        `Sign in with ${provider}`,
        `<form method="post" action="/${provider}/authorize">${hidden}
<label>Account <select name="user">${choices}</select></label>
<button type="submit" name="decision" value="allow">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
      ),
    );
  }

  function decide(provider: FakeOAuthProvider, form: URLSearchParams, res: ServerResponse) {
    const back = new URL(form.get('redirect_uri')!);
    const state = form.get('state');
    if (form.get('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request.');
    } else {
      const user = options.users.find((u) => u.id === form.get('user')) ?? options.users[0];
      if (!user) throw new Error('the fake OAuth server has no users');
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        provider,
        userId: user.id,
        redirectUri: form.get('redirect_uri')!,
        challenge: form.get('code_challenge') ?? undefined,
        challengeMethod: form.get('code_challenge_method') ?? 'plain',
        expiresAt: Date.now() + 60_000,
      });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    return redirect(res, back.toString());
  }

  async function token(provider: FakeOAuthProvider, req: IncomingMessage, res: ServerResponse) {
    const body = await readRequestForm(req);
    const client = clientCredentials(req, body);
    if (client.id !== options.clientId || client.secret !== options.clientSecret) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' }, {
        'www-authenticate': 'Basic realm="fake-oauth"',
      });
    }
    if (body.grant_type !== 'authorization_code') return oauthError(res, 'unsupported_grant_type', 'Only authorization_code is supported.');
    const pending = codes.get(body.code ?? '');
    codes.delete(body.code ?? '');
    if (!pending || pending.provider !== provider || pending.expiresAt < Date.now()) {
      return oauthError(res, 'invalid_grant', 'The authorization code is invalid, expired or already used.');
    }
    if (body.redirect_uri !== pending.redirectUri) return oauthError(res, 'invalid_grant', 'redirect_uri does not match.');
    if (pending.challenge && !verifierMatches(pending, body.code_verifier)) {
      return oauthError(res, 'invalid_grant', 'PKCE verification failed.');
    }
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, { provider, userId: pending.userId });
    return sendJson(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { error: 'server_error', error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    users: options.users,
    urlsFor: (provider) => ({
      authorizationUrl: `${url}/${provider}/authorize`,
      tokenUrl: `${url}/${provider}/token`,
      userinfoUrl: `${url}/${provider}${profilePaths[provider]}`,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function withDecision(query: URLSearchParams, decision: string): URLSearchParams {
  const form = new URLSearchParams(query);
  form.set('decision', decision);
  return form;
}

/** RFC 6749 §2.3.1: HTTP Basic (form-urlencoded id and secret) or the request body, not both. */
function clientCredentials(req: IncomingMessage, body: Record<string, string>) {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    return { id, secret };
  }
  return { id: body.client_id, secret: body.client_secret };
}

function verifierMatches(pending: PendingCode, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const derived = pending.challengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return derived === pending.challenge;
}

function bearerToken(req: IncomingMessage, url: URL): string | undefined {
  const header = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '');
  // The Graph API also takes the token as a query parameter.
  return header?.[1] ?? url.searchParams.get('access_token') ?? undefined;
}

function oauthError(res: ServerResponse, error: string, description: string) {
  return sendJson(res, 400, { error, error_description: description });
}
