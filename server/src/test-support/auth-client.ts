import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Small request helpers for the account API tests; each client IP gets its own rate-limit counters. */
export function authClient(app: FastifyInstance, ip = '203.0.113.1') {
  const post = (url: string, payload?: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object | undefined,
      remoteAddress: ip,
      cookies: cookie === undefined ? undefined : { token: cookie },
    });
  return {
    register: (body: Record<string, unknown>) => post('/api/auth/register', body),
    login: (email: string, password: string) => post('/api/auth/login', { email, password }),
    refresh: (cookie?: string) => post('/api/auth/refresh', undefined, cookie),
    logout: (cookie?: string) => post('/api/auth/logout', undefined, cookie),
    requestReset: (email: string) => post('/api/auth/requestPasswordReset', { email }),
    resetPassword: (body: Record<string, unknown>) => post('/api/auth/resetPassword', body),
    me: (token?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/user',
        remoteAddress: ip,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
  };
}

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return { name: 'Ada Lovelace', email, password: 'analytical-engine', confirm_password: 'analytical-engine', ...overrides };
}

/** The `token` cookie a response sets (an empty value means it was cleared). */
export function refreshCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'token');
}
