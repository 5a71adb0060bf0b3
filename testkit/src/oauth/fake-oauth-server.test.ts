import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOAuthServer, type FakeOAuthProvider, type FakeOAuthServer } from './fake-oauth-server.ts';
import { createHeadlessBrowser } from './headless-browser.ts';

const redirectUri = 'http://127.0.0.1:9/oauth/cb';
const verifier = 'v'.repeat(50);
const challenge = createHash('sha256').update(verifier).digest('base64url');
const users = [
  { id: '1001', name: 'Linus Test', email: 'linus@example.com', avatar: 'https://img.example/linus.png' },
  { id: '1002', name: 'Hidden Mail', email: 'hidden@example.com', emailPublic: false, emailVerified: false },
];

describe('startFakeOAuthServer', () => {
  let server: FakeOAuthServer;
  beforeAll(async () => {
    server = await startFakeOAuthServer({ clientId: 'cid', clientSecret: 'csecret', users });
  });
  afterAll(() => server.close());

  function authorizeUrl(provider: FakeOAuthProvider, extra: Record<string, string> = {}) {
    const url = new URL(server.urlsFor(provider).authorizationUrl);
    url.search = new URLSearchParams({
      client_id: 'cid',
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 's-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    }).toString();
    return url.toString();
  }

  async function approve(provider: FakeOAuthProvider, userId = '1001') {
    const browser = createHeadlessBrowser();
    const consent = await browser.navigate(authorizeUrl(provider));
    const done = await browser.submitForm(consent, { user: userId }, {
      button: { name: 'decision', value: 'allow' },
      stopAt: (u) => u.toString().startsWith(redirectUri),
    });
    const back = new URL(done.location!);
    expect(back.searchParams.get('state')).toBe('s-1');
    return back.searchParams.get('code')!;
  }

  async function exchange(provider: FakeOAuthProvider, fields: Record<string, string>, basic?: string) {
    const response = await fetch(server.urlsFor(provider).tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(basic ? { authorization: `Basic ${Buffer.from(basic).toString('base64')}` } : {}),
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: redirectUri, ...fields }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  async function profile(provider: FakeOAuthProvider, token: string, suffix = '') {
    const response = await fetch(`${server.urlsFor(provider).userinfoUrl}${suffix}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function tokenFor(provider: FakeOAuthProvider, userId = '1001') {
    const code = await approve(provider, userId);
    const { body } = await exchange(provider, { code, code_verifier: verifier }, 'cid:csecret');
    return body.access_token!;
  }

  it('issues a bearer token for a code, with client authentication in the body', async () => {
    const code = await approve('google');
    const { status, body } = await exchange('google', { code, code_verifier: verifier, client_id: 'cid', client_secret: 'csecret' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token).toBeTruthy();
  });

  it('rejects a wrong client secret with 401 invalid_client', async () => {
    const code = await approve('github');
    const { status, body } = await exchange('github', { code, code_verifier: verifier }, 'cid:wrong');
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });

  it('rejects a reused code, a wrong PKCE verifier and a different redirect_uri with invalid_grant', async () => {
    const code = await approve('discord');
    expect((await exchange('discord', { code, code_verifier: 'w'.repeat(50) }, 'cid:csecret')).body.error).toBe('invalid_grant');
    expect((await exchange('discord', { code, code_verifier: verifier }, 'cid:csecret')).body.error).toBe('invalid_grant');
    const other = await approve('discord');
    const mismatch = await exchange('discord', { code: other, code_verifier: verifier, redirect_uri: 'http://evil.example/cb' }, 'cid:csecret');
    expect(mismatch).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('redirects back with access_denied when the user presses Deny', async () => {
    const browser = createHeadlessBrowser();
    const consent = await browser.navigate(authorizeUrl('facebook'));
    const done = await browser.submitForm(consent, {}, { button: { name: 'decision', value: 'deny' }, stopAt: () => true });
    const back = new URL(done.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s-1');
  });

  it('approves at once with auto=1', async () => {
    const done = await createHeadlessBrowser().navigate(authorizeUrl('google', { auto: '1', user: '1002' }), { stopAt: () => true });
    expect(new URL(done.location!).searchParams.get('code')).toBeTruthy();
  });

  it('answers Google userinfo in the OpenID shape', async () => {
    const { body } = await profile('google', await tokenFor('google'));
    expect(body).toMatchObject({ sub: '1001', email: 'linus@example.com', email_verified: true, name: 'Linus Test', picture: users[0]!.avatar });
  });

  it('answers GitHub /user with a null email when private, and /user/emails with the verified flags', async () => {
    const token = await tokenFor('github', '1002');
    const user = await profile('github', token);
    expect(user.body).toMatchObject({ id: 1002, login: 'hidden', name: 'Hidden Mail', email: null });
    const emails = await profile('github', token, '/emails');
    expect(emails.body).toContainEqual(expect.objectContaining({ email: 'hidden@example.com', primary: true, verified: false }));
  });

  it('answers Discord /users/@me with username, global_name, email, verified and an avatar hash', async () => {
    const { body } = await profile('discord', await tokenFor('discord'));
    expect(body).toMatchObject({ id: '1001', username: 'linus', global_name: 'Linus Test', email: 'linus@example.com', verified: true });
    expect(body.avatar).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers the Graph API /me with only the requested fields and a picture.data.url', async () => {
    const token = await tokenFor('facebook');
    const response = await fetch(`${server.urlsFor('facebook').userinfoUrl}?fields=id,name,email,picture&access_token=${token}`);
    expect(await response.json()).toEqual({
      id: '1001',
      name: 'Linus Test',
      email: 'linus@example.com',
      picture: { data: expect.objectContaining({ url: users[0]!.avatar }) },
    });
  });

  it('refuses profile calls with a token from another provider', async () => {
    const { status, body } = await profile('github', await tokenFor('google'));
    expect(status).toBe(401);
    expect(body).toMatchObject({ message: 'Bad credentials' });
  });
});
