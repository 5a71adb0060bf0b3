import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessBrowser } from '../oauth/headless-browser.ts';
import { startOidcIssuer, type OidcIssuer } from './oidc-issuer.ts';

const client = { client_id: 'parley', client_secret: 'parley-secret', redirect_uris: ['http://127.0.0.1:9/cb'] };
const account = { sub: 'u-grace', email: 'grace@example.com', name: 'Grace Hopper', email_verified: true };

describe('startOidcIssuer', () => {
  let issuer: OidcIssuer;
  let metadata: Record<string, string>;

  beforeAll(async () => {
    issuer = await startOidcIssuer({ clients: [client], accounts: [account] });
    metadata = (await (await fetch(`${issuer.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
  });
  afterAll(() => issuer.close());

  function authorizationUrl(challenge: string) {
    const url = new URL(metadata.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0]!,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  const atRedirectUri = (url: URL) => url.toString().startsWith(client.redirect_uris[0]!);

  it('publishes discovery metadata naming itself as issuer', () => {
    expect(metadata.issuer).toBe(issuer.issuer);
    expect(metadata.token_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('logs a known email in through the login form and issues tokens whose userinfo names the account', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const browser = createHeadlessBrowser();
    const loginPage = await browser.navigate(authorizationUrl(challenge));
    expect(loginPage.body).toContain('name="login"');

    const done = await browser.submitForm(loginPage, { login: account.email }, { stopAt: atRedirectUri });
    const callback = new URL(done.location!);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code')!;

    const token = await fetch(metadata.token_endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirect_uris[0]!,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { access_token: string; id_token: string };
    expect(tokens.id_token).toBeTruthy();

    const userinfo = await fetch(metadata.userinfo_endpoint!, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: account.sub, email: account.email, name: account.name });
  });

  it('keeps an unknown login on the form with an alert', async () => {
    const browser = createHeadlessBrowser();
    const loginPage = await browser.navigate(authorizationUrl('x'.repeat(43)));
    const again = await browser.submitForm(loginPage, { login: 'nobody@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toContain('role="alert"');
  });

  it('redirects back with access_denied when the user cancels', async () => {
    const browser = createHeadlessBrowser();
    const loginPage = await browser.navigate(authorizationUrl('y'.repeat(43)));
    const done = await browser.submitForm(loginPage, {}, { button: { name: 'cancel', value: '1' }, stopAt: atRedirectUri });
    const callback = new URL(done.location!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('state-1');
  });
});
