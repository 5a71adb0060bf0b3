import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../services/auth/access-token.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { testDatabaseKinds } from '../test-support/databases.ts';
import { registerUser } from '../services/auth/account-service.ts';

const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (secret: string | Uint8Array) => (typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);

/** A few signed-in routes of different kinds: a read, a list and a write. */
const routes = [
  { method: 'GET', url: '/api/user' },
  { method: 'GET', url: '/api/convos' },
  { method: 'POST', url: '/api/tokenizer', payload: { arg: 'hello' } },
] as const;

describe.each(testDatabaseKinds)('forged access tokens on %s', (kind) => {
  let t: TestApp;
  let userId: string;
  let secret: string;

  const send = (headers: Record<string, string>, cookies?: Record<string, string>) =>
    Promise.all(routes.map(async (route) => (await t.app.inject({ ...route, headers, cookies })).statusCode));
  const bearer = (token: string) => send({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp(kind);
    secret = t.ctx.secrets.jwtSecret;
    const row = await registerUser(t.ctx, { name: 'Jo', email: `jo-${randomUUID()}@example.com`, password: 'correct horse battery', confirm_password: 'correct horse battery' });
    userId = row.id;
  });
  afterAll(() => t.close());

  it('accepts the genuine token on every route (so each refusal below is the forgery’s)', async () => {
    expect(await bearer(await signAccessToken(secret, { id: userId, sessionVersion: 0 }))).toEqual([200, 200, 200]);
  });

  it('refuses alg none, another secret, a tampered payload and an expired token', async () => {
    const genuine = await signAccessToken(secret, { id: userId, sessionVersion: 0 });
    const [header, payload, signature] = genuine.split('.');
    const claims = { sub: userId, sv: 0, iat: now(), exp: now() + 600 };
    const forgeries = {
      algNone: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
      algNoneSigned: `${base64url({ alg: 'none' })}.${payload}.${signature}`,
      otherSecret: await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(hs256('another-secret-0123456789abcdef')),
      tampered: `${header}.${base64url({ ...claims, sub: randomUUID(), exp: now() + 86_400 })}.${signature}`,
      expired: await signAccessToken(secret, { id: userId, sessionVersion: 0 }, Date.now() - 3_600_000),
      truncated: `${header}.${payload}`,
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(forgeries)) expect([name, await bearer(token)]).toEqual([name, [401, 401, 401]]);
  });

  it('refuses RS256 and the RS/HS confusion (HS256 keyed with the public key)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const claims = { sub: userId, sv: 0, iat: now(), exp: now() + 600 };
    const rs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(hs256(publicPem));
    expect(await bearer(rs256)).toEqual([401, 401, 401]);
    expect(await bearer(confused)).toEqual([401, 401, 401]);
  });

  it('refuses a token without exp, without sub, or naming a user that does not exist', async () => {
    const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(hs256(secret));
    expect(await bearer(await sign({ sub: userId, sv: 0, iat: now() }))).toEqual([401, 401, 401]);
    expect(await bearer(await sign({ sv: 0, iat: now(), exp: now() + 600 }))).toEqual([401, 401, 401]);
    expect(await bearer(await signAccessToken(secret, { id: randomUUID(), sessionVersion: 0 }))).toEqual([401, 401, 401]);
    expect(await bearer(await signAccessToken(secret, { id: 'not-a-uuid', sessionVersion: 0 }))).toEqual([401, 401, 401]);
  });

  it('refuses a genuine token in the wrong place or header form', async () => {
    const token = await signAccessToken(secret, { id: userId, sessionVersion: 0 });
    const wrong = {
      bare: await send({ authorization: token }),
      basic: await send({ authorization: `Basic ${token}` }),
      doubled: await send({ authorization: `Bearer ${token} ${token}` }),
      otherHeader: await send({ 'x-access-token': token }),
      cookie: await send({}, { token }),
    };
    for (const [form, statuses] of Object.entries(wrong)) expect([form, statuses]).toEqual([form, [401, 401, 401]]);
  });
});
