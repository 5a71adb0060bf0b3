import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { handleInteraction } from './interactions.ts';

export interface OidcClientOptions {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
  picture?: string;
}

export interface OidcIssuerOptions {
  clients: OidcClientOptions[];
  accounts?: OidcAccount[];
}

export interface OidcIssuer {
  /** `http://127.0.0.1:PORT`, the value for OPENID_ISSUER. */
  issuer: string;
  accounts: OidcAccount[];
  close(): Promise<void>;
}

export const defaultOidcAccounts: OidcAccount[] = [
  { sub: 'oidc-ada', email: 'ada@example.com', name: 'Ada Lovelace', email_verified: true },
];

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1 with a one-field login page:
 * GET the authorization URL → 303 to `/interaction/<uid>`, a form with an input named `login`
 * (any known account's email or sub) and a "Sign in" button (a "Cancel" button denies access).
 * Consent is granted without a page so a test only fills one form.
 */
export async function startOidcIssuer(options: OidcIssuerOptions): Promise<OidcIssuer> {
  const accounts = options.accounts ?? defaultOidcAccounts;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, issuerConfiguration(options.clients, accounts));
  const callback = provider.callback();
  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      handleInteraction(provider, accounts, req, res).catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(error)}`);
      });
    } else {
      callback(req, res);
    }
  };

  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function issuerConfiguration(clients: OidcClientOptions[], accounts: OidcAccount[]): Configuration {
  // A fresh signing key per issuer keeps oidc-provider from falling back to its shared development key.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'testkit', use: 'sig', alg: 'RS256' };
  return {
    clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: false } },
    // Short explicit lifetimes: tests never outlive them, and oidc-provider stops printing notices.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount(_ctx, sub) {
      const account = accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return { accountId: account.sub, claims: () => ({ ...account }) };
    },
  };
}
