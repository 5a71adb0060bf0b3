import { createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/** A Google service-account key file, as downloaded from the cloud console. */
export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

export interface FakeServiceAccount {
  key: ServiceAccountKey;
  publicKey: KeyObject;
}

/** Creates a fresh RSA key pair and a key file whose `token_uri` points at the fake. */
export function createServiceAccount(tokenUri: string): FakeServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    key: {
      type: 'service_account',
      project_id: 'parley-test',
      private_key_id: randomBytes(8).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'parley@parley-test.iam.gserviceaccount.com',
      client_id: '100000000000000000001',
      token_uri: tokenUri,
    },
  };
}

const decode = (part: string): Record<string, unknown> => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Checks a JWT-bearer assertion the way Google's token endpoint does: RS256 signature by the
 * account's key, issuer = client_email, audience = token_uri, a scope, and a live expiry.
 * Returns the OAuth error description, or undefined when the assertion is good.
 */
export function verifyAssertion(assertion: string, account: FakeServiceAccount): string | undefined {
  const parts = assertion.split('.');
  if (parts.length !== 3) return 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.';
  const [header, payload, signature] = parts as [string, string, string];
  if (decode(header).alg !== 'RS256') return 'Invalid JWT: unsupported algorithm.';
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(account.publicKey, Buffer.from(signature, 'base64url'))) return 'Invalid JWT Signature.';
  const claims = decode(payload);
  const now = Math.floor(Date.now() / 1000);
  if (claims.iss !== account.key.client_email) return 'Invalid JWT: iss does not match the service account.';
  if (claims.aud !== account.key.token_uri) return 'Invalid JWT: Failed audience check.';
  if (typeof claims.scope !== 'string' || claims.scope === '') return 'Invalid JWT: no scope.';
  if (typeof claims.exp !== 'number' || claims.exp < now || typeof claims.iat !== 'number' || claims.iat > now + 60) {
    return 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.';
  }
  return undefined;
}
