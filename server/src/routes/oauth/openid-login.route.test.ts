import { startOidcIssuer, type HeadlessBrowser, type OidcIssuer } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import {
  atSpaPage,
  createHeadlessBrowser,
  freePort,
  landing,
  refreshWithCookie,
  startParley,
  type RunningParley,
} from '../../test-support/social-login.ts';

const accounts = [
  { sub: 'oidc-marie', email: 'marie@example.com', name: 'Marie Curie', email_verified: true, picture: 'https://img.example/marie.png' },
  { sub: 'oidc-other', email: 'other@example.com', name: 'Other Person', email_verified: true },
];

describe.each(testDatabaseKinds)('OpenID Connect login on %s', (kind) => {
  let issuer: OidcIssuer;
  let parley: RunningParley;

  beforeAll(async () => {
    const port = await freePort();
    issuer = await startOidcIssuer({
      clients: [{ client_id: 'parley', client_secret: 'oidc-secret', redirect_uris: [`http://127.0.0.1:${port}/oauth/openid/callback`] }],
      accounts,
    });
    parley = await startParley(
      kind,
      { OPENID_ISSUER: issuer.issuer, OPENID_CLIENT_ID: 'parley', OPENID_CLIENT_SECRET: 'oidc-secret' },
      port,
    );
  });
  afterAll(async () => {
    await parley?.close();
    await issuer?.close();
  });

  /** Goes through Parley to the issuer; fills its login form unless the issuer session already knows the browser. */
  async function signIn(browser: HeadlessBrowser, login: string, button?: { name: string; value: string }) {
    const first = await browser.navigate(`${parley.url}/oauth/openid`, { stopAt: atSpaPage(parley) });
    if (first.location) return landing(parley, first);
    expect(first.body).toContain('name="login"');
    return landing(parley, await browser.submitForm(first, { login }, { button, stopAt: atSpaPage(parley) }));
  }

  it('signs a new user in through the issuer login form and creates the account from its claims', async () => {
    const browser = createHeadlessBrowser();
    expect(await signIn(browser, 'marie@example.com')).toBe('/chat/new');
    expect(await parley.userByEmail('marie@example.com')).toMatchObject({
      provider: 'openid',
      providerId: 'oidc-marie',
      name: 'Marie Curie',
      avatar: 'https://img.example/marie.png',
      emailVerified: true,
    });
    const refreshed = await refreshWithCookie(parley, browser);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user?.email).toBe('marie@example.com');
  });

  it('reuses the account on the next login, with the issuer session skipping its form', async () => {
    const browser = createHeadlessBrowser();
    expect(await signIn(browser, 'other@example.com')).toBe('/chat/new');
    const first = await parley.userByEmail('other@example.com');
    const again = await browser.navigate(`${parley.url}/oauth/openid`, { stopAt: atSpaPage(parley) });
    expect(landing(parley, again)).toBe('/chat/new');
    expect((await parley.userByEmail('other@example.com'))!.id).toBe(first!.id);
  });

  it('fails the login when the user cancels at the issuer', async () => {
    const browser = createHeadlessBrowser();
    expect(await signIn(browser, '', { name: 'cancel', value: '1' })).toBe('/login?error=social_login_failed');
    expect(browser.cookie('127.0.0.1', 'token')).toBeUndefined();
  });

  it('fails the login when the callback state was swapped', async () => {
    const browser = createHeadlessBrowser();
    const form = await browser.navigate(`${parley.url}/oauth/openid`);
    const approved = await browser.submitForm(form, { login: 'marie@example.com' }, { stopAt: (url) => url.pathname.endsWith('/callback') });
    const tampered = new URL(approved.location!);
    tampered.searchParams.set('state', 'forged');
    expect(landing(parley, await browser.navigate(tampered.toString(), { stopAt: atSpaPage(parley) }))).toBe(
      '/login?error=social_login_failed',
    );
  });

  it('sends the browser back to the login page when the issuer cannot be discovered', async () => {
    const unreachable = await startParley(kind, {
      OPENID_ISSUER: `http://127.0.0.1:${await freePort()}`,
      OPENID_CLIENT_ID: 'parley',
      OPENID_CLIENT_SECRET: 'oidc-secret',
    });
    try {
      const response = await fetch(`${unreachable.url}/oauth/openid`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe('/login?error=social_login_failed');
    } finally {
      await unreachable.close();
    }
  });
});
