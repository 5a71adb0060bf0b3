import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { registeredRoutes } from '../../test-support/route-table.ts';
import { mintKey } from '../../test-support/access-keys.ts';
import { adminRoutesOf, callAdmin, fillParams, signInOperator, signUpAccount, type CallerHeaders } from '../../test-support/admin-callers.ts';

const OPERATOR_PASSWORD = 'operator correct horse';

/**
 * Every console route, found in Fastify's own route table (so an area added later is walked
 * too), called as each kind of caller: only an admin account and the ADMIN_PASSWORD operator
 * get past the guard.
 */
describe.each(testDatabaseKinds)('console authorisation on %s', (kind) => {
  let t: TestApp;
  let routes: string[];
  const callers: Record<'admin' | 'operator' | 'account' | 'key' | 'keyHeader' | 'visitor' | 'forged', CallerHeaders> = {} as never;

  beforeAll(async () => {
    t = await createTestApp(kind, { ACCESS_MODE: 'both', ADMIN_PASSWORD: OPERATOR_PASSWORD });
    routes = adminRoutesOf(registeredRoutes(t.app));
    callers.admin = (await signUpAccount(t.ctx, { admin: true })).headers;
    callers.account = (await signUpAccount(t.ctx)).headers;
    const key = await mintKey(t.ctx.db, { quota: 1000 });
    callers.key = { authorization: key.headers.authorization };
    callers.keyHeader = { 'x-api-key': key.key };
    callers.visitor = {};
    callers.forged = { cookie: 'parley_operator=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvcGVyYXRvciJ9.x' };
    const operator = await signInOperator(t.app, OPERATOR_PASSWORD);
    expect(operator.res.statusCode).toBe(200);
    callers.operator = operator.headers;
  });
  afterAll(() => t.close());

  it('finds the console routes in the route table', () => {
    expect(routes).toContain('GET /api/admin/session');
    expect(routes).toContain('GET /api/admin/audit');
  });

  it('refuses every console route to anyone but an admin: 401 unsigned, 403 signed in as someone else', async () => {
    const wrong: unknown[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = fillParams(path);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const expected = { visitor: 401, forged: 401, account: 403, key: 403, keyHeader: 403 } as const;
      for (const [who, status] of Object.entries(expected)) {
        const res = await callAdmin(t.app, callers[who as keyof typeof expected], method, url, payload);
        const error = res.json<{ error?: string }>().error;
        const code = status === 401 ? 'unauthorized' : 'forbidden';
        if (res.statusCode !== status || error !== code) wrong.push({ route, who, status: res.statusCode, error });
      }
      for (const who of ['admin', 'operator'] as const) {
        const res = await callAdmin(t.app, callers[who], method, url, payload);
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push({ route, who, status: res.statusCode, body: res.body.slice(0, 200) });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells the console who it is open for', async () => {
    const admin = await callAdmin(t.app, callers.admin, 'GET', '/api/admin/session');
    expect(admin.json()).toMatchObject({ actor: { kind: 'account' } });
    const operator = await callAdmin(t.app, callers.operator, 'GET', '/api/admin/session');
    expect(operator.json()).toEqual({ actor: { kind: 'operator' } });
  });

  it('gives the operator session no chat: it is not a user', async () => {
    const res = await callAdmin(t.app, callers.operator, 'GET', '/api/convos');
    // No bearer in `both` mode is an anonymous visitor, never the operator.
    expect(res.statusCode).toBe(200);
    expect(res.json<{ conversations: unknown[] }>().conversations).toEqual([]);
  });
});
