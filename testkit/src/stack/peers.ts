import { startFakeOAuthServer, fakeOAuthProviders, type FakeOAuthServer, type FakeOAuthUser } from '../oauth/fake-oauth-server.ts';
import { startOidcIssuer, type OidcAccount, type OidcIssuer } from '../oidc/oidc-issuer.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../smtp/smtp-catcher.ts';
import { startEpayFake, type EpayFake } from '../epay/epay-fake.ts';
import { settleWithin } from './bounded.ts';
import { startProviderFakes, type StackFake } from './provider-fakes.ts';

/** The account the stack's OpenID issuer knows; sign in on its page by typing this email. */
export const stackOidcAccount: OidcAccount = {
  sub: 'oidc-ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  email_verified: true,
};

/** The account offered by the fake Google/GitHub/Discord/Facebook consent pages. */
export const stackOAuthUser: FakeOAuthUser = { id: '4242', name: 'Grace Hopper', email: 'grace@example.com', login: 'grace' };

const oidcClient = { id: 'parley-stack', secret: 'parley-stack-secret' };
const oauthClient = { id: 'parley-stack-oauth', secret: 'parley-stack-oauth-secret' };

export interface StackPeers {
  smtp: SmtpCatcher;
  oidc: OidcIssuer;
  oauth: FakeOAuthServer;
  /** The epay payment gateway (top-up); see epay-fake.ts. */
  epay: EpayFake;
  /** Provider fakes by name (`openai`, `anthropic`, …); see provider-fakes.ts. */
  fakes: Map<string, StackFake>;
  /** The variables pointing Parley at these peers. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts every upstream Parley talks to, in this process, on 127.0.0.1 random ports. */
export async function startPeers(publicUrl: string): Promise<StackPeers> {
  const started: { close(): Promise<void> }[] = [];
  const closeAll = () => settleWithin(Promise.allSettled(started.map((peer) => peer.close())), 5000);
  const start = async <T extends { close(): Promise<void> }>(peer: Promise<T>) => {
    const ready = await peer;
    started.push(ready);
    return ready;
  };
  try {
    const smtp = await start(startSmtpCatcher());
    const oidc = await start(
      startOidcIssuer({
        clients: [
          { client_id: oidcClient.id, client_secret: oidcClient.secret, redirect_uris: [`${publicUrl}/oauth/openid/callback`] },
        ],
        accounts: [stackOidcAccount],
      }),
    );
    const oauth = await start(
      startFakeOAuthServer({ clientId: oauthClient.id, clientSecret: oauthClient.secret, users: [stackOAuthUser] }),
    );
    const epay = await start(startEpayFake());
    const fakes = await startProviderFakes();
    started.push(...fakes.values());
    return { smtp, oidc, oauth, epay, fakes, env: { ...peerEnv(smtp, oidc, oauth, fakes), ...epay.env }, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

function peerEnv(smtp: SmtpCatcher, oidc: OidcIssuer, oauth: FakeOAuthServer, fakes: Map<string, StackFake>) {
  const env: Record<string, string> = {
    SMTP_URL: smtp.url,
    ALLOW_SOCIAL_LOGIN: 'true',
    OPENID_ISSUER: oidc.issuer,
    OPENID_CLIENT_ID: oidcClient.id,
    OPENID_CLIENT_SECRET: oidcClient.secret,
    OPENID_BUTTON_LABEL: 'Test issuer',
  };
  for (const provider of fakeOAuthProviders) {
    const prefix = provider.toUpperCase();
    const urls = oauth.urlsFor(provider);
    Object.assign(env, {
      [`${prefix}_CLIENT_ID`]: oauthClient.id,
      [`${prefix}_CLIENT_SECRET`]: oauthClient.secret,
      [`${prefix}_AUTHORIZATION_URL`]: urls.authorizationUrl,
      [`${prefix}_TOKEN_URL`]: urls.tokenUrl,
      [`${prefix}_USERINFO_URL`]: urls.userinfoUrl,
    });
  }
  for (const fake of fakes.values()) Object.assign(env, fake.env);
  return env;
}
