import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../app/context.ts';
import { registerUser } from '../services/auth/account-service.ts';
import { signAccessToken } from '../services/auth/access-token.ts';
import { setUserRole } from '../services/users/user-admin.ts';

/** Headers a console call is made with: a bearer, an operator cookie, or nothing. */
export type CallerHeaders = Record<string, string>;

/** A new account (an admin with `admin: true`), signed in: its id, address and bearer headers. */
export async function signUpAccount(ctx: AppContext, options: { admin?: boolean; email?: string } = {}) {
  const email = options.email ?? `account-${randomUUID()}@example.com`;
  const row = await registerUser(ctx, { name: 'Console Tester', email, password: 'correct horse battery', confirm_password: 'correct horse battery' });
  // The first account of a fresh database is an admin: set the role the test asked for either way.
  await setUserRole(ctx.db, email, options.admin ? 'admin' : 'user');
  const token = await signAccessToken(ctx.secrets.jwtSecret, row);
  return { userId: row.id, email, token, headers: { authorization: `Bearer ${token}` } as CallerHeaders };
}

/** Signs the ADMIN_PASSWORD operator in; answers the response and the cookie header to send after. */
export async function signInOperator(app: FastifyInstance, password: string, ip = '203.0.113.50') {
  const res = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { password }, remoteAddress: ip });
  const cookie = res.cookies.find((c) => c.name === 'parley_operator');
  return { res, headers: (cookie?.value ? { cookie: `parley_operator=${cookie.value}` } : {}) as CallerHeaders };
}

/** Calls a console route with JSON. */
export function callAdmin(app: FastifyInstance, headers: CallerHeaders, method: string, url: string, payload?: unknown, ip = '203.0.113.60'): Promise<LightMyRequestResponse> {
  return app.inject({
    method: method as 'GET',
    url,
    remoteAddress: ip,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

/** The registered console routes (`METHOD /api/admin/...`), read from Fastify's route table. */
export function adminRoutesOf(registered: string[]): string[] {
  return registered.filter((route) => route.split(' ')[1]!.startsWith('/api/admin/') || route.split(' ')[1] === '/api/admin');
}

/** A route's path with every `:param` filled with a value no row has. */
export const fillParams = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => `sweep-${name}`);
