import { startFakeOAuthServer, type FakeOAuthProvider, type FakeOAuthServer } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { atSpaPage, createHeadlessBrowser, landing, refreshWithCookie, startParley, type RunningParley } from '../../test-support/social-login.ts';

const providerUsers = [
  { id: '501', name: 'Nova Social', email: 'nova@example.com', avatar: 'https://img.example/nova.png' },
  { id: '502', name: 'Local Twin', email: 'twin@example.com' },
  { id: '503', name: 'Unverified Twin', email: 'claimed@example.com', emailVerified: false, emailPublic: false },
  { id: '504', name: 'Banned', email: 'banned@example.com' },
];

function providerEnv(fake: FakeOAuthServer, provider: FakeOAuthProvider, secret = 'fake-secret') {
  const prefix = provider.toUpperCase();
  const urls = fake.urlsFor(provider);
  return {
    [`${prefix}_CLIENT_ID`]: 'fake-client',
    [`${prefix}_CLIENT_SECRET`]: secret,
    [`${prefix}_AUTHORIZATION_URL`]: urls.authorizationUrl,
    [`${prefix}_TOKEN_URL`]: urls.tokenUrl,
    [`${prefix}_USERINFO_URL`]: urls.userinfoUrl,
  };
}

describe.each(testDatabaseKinds)('OAuth2 social login on %s', (kind) => {
  let fake: FakeOAuthServer;
  let parley: RunningParley;
  let misconfigured: RunningParley;

  beforeAll(async () => {
    fake = await startFakeOAuthServer({ clientId: 'fake-client', clientSecret: 'fake-secret', users: providerUsers });
    parley = await startParley(kind, {
      ...providerEnv(fake, 'google'),
      ...providerEnv(fake, 'github'),
      ...providerEnv(fake, 'discord'),
      ...providerEnv(fake, 'facebook'),
    });
    // Google with a secret the provider rejects; Discord left unconfigured.
    misconfigured = await startParley(kind, providerEnv(fake, 'google', 'wrong-secret'));
  });
  afterAll(async () => {
    await parley?.close();
    await misconfigured?.close();
    await fake?.close();
  });

  /** Starts at Parley, approves at the fake provider as `userId`, and stops where Parley lands the browser. */
  async function signIn(target: RunningParley, provider: FakeOAuthProvider, userId: string, decision = 'allow') {
    const browser = createHeadlessBrowser();
    const consent = await browser.navigate(`${target.url}/oauth/${provider}`);
    expect(consent.body).toContain('Authorize');
    const done = await browser.submitForm(consent, { user: userId }, { button: { name: 'decision', value: decision }, stopAt: atSpaPage(target) });
    return { browser, landedAt: landing(target, done) };
  }

  const expectedProfiles: Record<FakeOAuthProvider, { name: string; avatar: RegExp }> = {
    google: { name: 'Nova Social', avatar: /^https:\/\/img\.example\/nova\.png$/ },
    github: { name: 'Nova Social', avatar: /^https:\/\/img\.example\/nova\.png$/ },
    discord: { name: 'Nova Social', avatar: /^https:\/\/cdn\.discordapp\.com\/avatars\/501\/[0-9a-f]{32}\.png$/ },
    facebook: { name: 'Nova Social', avatar: /^https:\/\/img\.example\/nova\.png$/ },
  };

  it.each(['google', 'github', 'discord', 'facebook'] as const)(
    'creates the account from the %s profile, lands on /chat/new and reuses it on the next login',
    async (provider) => {
      await parley.test.ctx.db.delete(users);
      const first = await signIn(parley, provider, '501');
      expect(first.landedAt).toBe('/chat/new');
      const created = await parley.userByEmail('nova@example.com');
      expect(created).toMatchObject({ provider, providerId: '501', name: expectedProfiles[provider].name, emailVerified: true, passwordHash: null });
      expect(created!.avatar).toMatch(expectedProfiles[provider].avatar);

      const second = await signIn(parley, provider, '501');
      expect(second.landedAt).toBe('/chat/new');
      expect(await parley.test.ctx.db.select().from(users)).toHaveLength(1);
    },
  );

  it('hands out a refresh cookie that POST /api/auth/refresh accepts for the signed-in account', async () => {
    const { browser, landedAt } = await signIn(parley, 'github', '501');
    expect(landedAt).toBe('/chat/new');
    const { status, body } = await refreshWithCookie(parley, browser);
    expect(status).toBe(200);
    expect(body.token).toBeTruthy();
    expect(body.user?.email).toBe('nova@example.com');
  });

  it('links a provider login with a verified email to the existing local account', async () => {
    const [local] = await parley.test.ctx.db
      .insert(users)
      .values({ name: 'Local Twin', email: 'Twin@Example.com', passwordHash: 'argon2-hash-placeholder' })
      .returning();
    const { landedAt } = await signIn(parley, 'discord', '502');
    expect(landedAt).toBe('/chat/new');
    const linked = await parley.userByEmail('Twin@Example.com');
    expect(linked).toMatchObject({ id: local!.id, provider: 'discord', providerId: '502' });
  });

  it('refuses to hand an existing account to a provider login whose email is not verified', async () => {
    await parley.test.ctx.db.insert(users).values({ name: 'Owner', email: 'claimed@example.com', passwordHash: 'argon2-hash-placeholder' });
    const { landedAt } = await signIn(parley, 'github', '503');
    expect(landedAt).toBe('/login?error=social_login_failed');
    expect(await parley.userByEmail('claimed@example.com')).toMatchObject({ provider: 'local', providerId: null });
  });

  it('sends a banned user back to the login page without a session', async () => {
    await parley.test.ctx.db
      .insert(users)
      .values({ name: 'Banned', email: 'banned@example.com', provider: 'google', providerId: '504', bannedUntil: new Date(Date.now() + 3_600_000) });
    const browser = createHeadlessBrowser();
    const consent = await browser.navigate(`${parley.url}/oauth/google`);
    const done = await browser.submitForm(consent, { user: '504' }, { button: { name: 'decision', value: 'allow' }, stopAt: atSpaPage(parley) });
    expect(landing(parley, done)).toBe('/login?error=banned');
    expect(browser.cookie('127.0.0.1', 'token')).toBeUndefined();
  });

  it('fails the login when the user denies access at the provider', async () => {
    const { browser, landedAt } = await signIn(parley, 'google', '501', 'deny');
    expect(landedAt).toBe('/login?error=social_login_failed');
    expect(browser.cookie('127.0.0.1', 'token')).toBeUndefined();
  });

  it('fails the login when the callback state does not match the one Parley sent', async () => {
    const browser = createHeadlessBrowser();
    const consent = await browser.navigate(`${parley.url}/oauth/facebook`);
    const approved = await browser.submitForm(consent, { user: '501' }, {
      button: { name: 'decision', value: 'allow' },
      stopAt: (url) => url.pathname.endsWith('/callback'),
    });
    const tampered = new URL(approved.location!);
    tampered.searchParams.set('state', 'forged-state');
    const done = await browser.navigate(tampered.toString(), { stopAt: atSpaPage(parley) });
    expect(landing(parley, done)).toBe('/login?error=social_login_failed');
    expect(browser.cookie('127.0.0.1', 'token')).toBeUndefined();
  });

  it('fails a callback that arrives without the login-state cookie of a login started here', async () => {
    const response = await fetch(`${parley.url}/oauth/google/callback?code=abc&state=xyz`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=social_login_failed');
  });

  it('fails the login when the token endpoint rejects the client', async () => {
    const { landedAt } = await signIn(misconfigured, 'google', '501');
    expect(landedAt).toBe('/login?error=social_login_failed');
    expect(await misconfigured.userByEmail('nova@example.com')).toBeUndefined();
  });

  it('answers 404 for a provider that is not configured, and for an unknown one', async () => {
    expect((await fetch(`${misconfigured.url}/oauth/discord`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${misconfigured.url}/oauth/discord/callback?code=x`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${misconfigured.url}/oauth/twitter`, { redirect: 'manual' })).status).toBe(404);
  });
});
