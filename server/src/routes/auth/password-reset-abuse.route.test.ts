import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../../services/users/user-admin.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';

/** A guessed token for a real account, from its own address unless told otherwise. */
const forgedBody = (userId: string) => ({
  token: randomBytes(32).toString('base64url'),
  userId,
  password: 'attacker-password',
  confirm_password: 'attacker-password',
});

describe.each(testDatabaseKinds)('forged password resets on %s', (kind) => {
  let t: TestApp;
  let victim: string;
  let ip = 0;
  const nextIp = () => `198.51.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const forge = (remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', remoteAddress, payload: forgedBody(victim) });
  const signIn = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password: 'right-password' } });

  beforeAll(async () => {
    t = await createTestApp(kind, { ALLOW_PASSWORD_RESET_LINK: 'true', PUBLIC_URL: 'https://chat.example.com', LOGIN_MAX: '3' });
    victim = (await createUserAccount(t.ctx.db, { email: 'victim@example.com', name: 'Victim', password: 'right-password' })).id;
  });
  afterAll(() => t.close());

  it('refuses a forged token without hashing the new password', async () => {
    const before = t.ctx.passwords.stats().finished;
    const answers = await Promise.all(Array.from({ length: 20 }, () => forge()));
    for (const answer of answers) expect(answer.json()).toMatchObject({ error: 'reset_token_invalid', status: 400 });
    expect(t.ctx.passwords.stats().finished).toBe(before);
  });

  it('limits resets per IP like login, on a counter of their own', async () => {
    const address = nextIp();
    for (let i = 0; i < 3; i++) expect((await forge(address)).statusCode).toBe(400);
    const refused = await forge(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Sign-in from the same address keeps its own budget.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { email: 'victim@example.com', password: 'right-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps a sign-in beside 120 forged resets about as fast as beside 120 reset requests for unknown addresses', async () => {
    await createUserAccount(t.ctx.db, { email: 'signer@example.com', name: 'Signer', password: 'right-password' });
    const unknown = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/requestPasswordReset', remoteAddress: nextIp(), payload: { email: 'nobody@example.com' } });
    /** How long one sign-in takes while 120 requests of a kind are answered beside it. */
    const signInBeside = async (request: () => ReturnType<typeof forge>, status: number) => {
      const crowd = Array.from({ length: 120 }, request);
      const start = performance.now();
      expect((await signIn('signer@example.com')).statusCode).toBe(200);
      const took = performance.now() - start;
      for (const answer of await Promise.all(crowd)) expect(answer.statusCode).toBe(status);
      return took;
    };
    await signIn('signer@example.com');
    // As many requests, each one small query and never a hash: the machine's own cost of such a crowd.
    const besideUnknown = await signInBeside(unknown, 404);
    const besideForged = await signInBeside(forge, 400);
    // Before, each forged reset hashed its new password first and the sign-in waited behind 120 hashes (about 6 s here, 4× the bound).
    expect(besideForged).toBeLessThan(2 * besideUnknown);
  });
});
