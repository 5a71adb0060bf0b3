import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.ts';
import { registeredRoutes, withConsoleRoutes, type RouteEntry } from '../test-support/route-table.ts';
import { startSecurityWorld, type RouteCall, type SecurityWorld } from '../test-support/security-world.ts';

const methodOf = (route: string) => route.split(' ')[0]!;
const statuses = (expected: RouteEntry['other']) => (typeof expected === 'number' ? [expected] : expected);

/** The web API's error code, or for the API's `/v1` and `/v1beta` routes (each dialect's shape) their error body's message. */
type ErrorBody = { error?: string | { message?: string }; data?: { fields?: object } };
const isApiRoute = (route: string) => /^\/v1(beta)?\//.test(route.split(' ')[1]!);

/** The call with a NUL put in one place at a time: each route param, the query, each body string and a body key. */
function nulVariants(route: string, call: RouteCall): RouteCall[] {
  const pattern = route.split(' ')[1]!.split('/');
  const [path, query] = call.url.split('?');
  const segments = path!.split('/');
  const variants: RouteCall[] = pattern.flatMap((part, i) =>
    part.startsWith(':') ? [{ ...call, url: call.url.replace(`/${segments[i]}`, `/${segments[i]}%00x`) }] : [],
  );
  variants.push({ ...call, url: `${path}?${query ? `${query}&` : ''}note=a%00b` });
  if (call.payload === undefined) return variants;
  // A multipart form's fields are checked by its route (the upload test sends NULs there).
  if (call.contentType) return variants;
  const body = JSON.stringify(call.payload);
  for (const match of body.matchAll(/:"([^"]*)"/g)) {
    variants.push({ ...call, payload: body.replace(match[0], `:"${match[1]}\\u0000"`) });
  }
  variants.push({ ...call, payload: body.replace(/^\{/, '{"a\\u0000b":1,') });
  return variants;
}

describe.each(testDatabaseKinds)('route sweep on %s', (kind) => {
  let w: SecurityWorld;
  let routeTable: Record<string, RouteEntry>;
  let entries: [string, RouteEntry][];
  beforeAll(async () => {
    w = await startSecurityWorld(kind);
    routeTable = withConsoleRoutes(registeredRoutes(w.stack.t.app));
    entries = Object.entries(routeTable);
  });
  afterAll(() => w.close());

  it('has a way to call every registered route, and no entry for a route that is gone', () => {
    const registered = registeredRoutes(w.stack.t.app);
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((route) => !(route in routeTable))).toEqual([]);
    expect(Object.keys(routeTable).filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('answers 401 to every signed-in route called without a token', async () => {
    const answers = [];
    for (const [route, entry] of entries.filter(([, e]) => e.signedIn)) {
      const res = await w.call({}, methodOf(route), entry.call(w.data));
      const { error } = res.json<ErrorBody>();
      // The API answers in OpenAI's shape: no key given is its 401 with a message saying so.
      answers.push([route, res.statusCode, isApiRoute(route) && typeof error === 'object' && error.message?.includes('API key') ? 'unauthorized' : error]);
    }
    expect(answers.filter(([, status, error]) => status !== 401 || error !== 'unauthorized')).toEqual([]);
  });

  it('never shows or changes Alice’s data when Bob calls any route with her ids', async () => {
    const before = await w.aliceSnapshot();
    const wrong = [];
    for (const [route, entry] of entries) {
      const call = entry.call(w.data);
      const res = await w.call(w.bob, methodOf(route), call);
      const leaked = w.data.secrets.filter((secret) => res.body.includes(secret));
      if (!statuses(entry.other).includes(res.statusCode) || leaked.length > 0) wrong.push({ route, status: res.statusCode, leaked, body: res.body.slice(0, 200) });
      // A call naming one of Alice's ids must be refused, whatever the table says.
      const namesAlice = [w.data.conversationId, w.data.presetId, w.data.streamId, w.data.userMessageId].some((id) => JSON.stringify(call).includes(id));
      if (namesAlice && res.statusCode < 400 && entry.signedIn) wrong.push({ route, status: res.statusCode, leaked: ['a 2xx to Bob for Alice’s id'] });
    }
    expect(wrong).toEqual([]);
    expect(await w.aliceSnapshot()).toEqual(before);
    expect((await w.call({ ip: '198.51.100.3' }, 'POST', { url: '/api/auth/login', payload: { email: w.data.email, password: w.data.password } })).statusCode).toBe(200);
  });

  it('answers 400 with a field message to a NUL in any param, query or body string of every route', async () => {
    const wrong = [];
    let tried = 0;
    for (const [route, entry] of entries) {
      for (const variant of nulVariants(route, entry.call(w.data))) {
        tried += 1;
        const res = await w.call(w.alice, methodOf(route), variant);
        const body = res.statusCode === 400 ? res.json<ErrorBody>() : {};
        const fields = Object.values(body.data?.fields ?? {});
        const refused = fields.includes('validation.nul') || (isApiRoute(route) && typeof body.error === 'object' && /NUL character/.test(body.error.message ?? ''));
        if (res.statusCode !== 400 || !refused) wrong.push({ route, variant, status: res.statusCode, body: res.body.slice(0, 120) });
      }
    }
    expect(tried).toBeGreaterThan(entries.length * 2);
    expect(wrong).toEqual([]);
  });

  // Last: the owner pass edits and deletes Alice's data, in the table's order.
  it('answers Alice’s own calls as the table says, so Bob’s refusals are about ownership', async () => {
    const answers = [];
    for (const [route, entry] of entries) {
      const res = await w.call(w.alice, methodOf(route), entry.call(w.data));
      const answered = entry.owner === 'answered' ? ![401, 403].includes(res.statusCode) && res.statusCode < 500 : res.statusCode === entry.owner;
      if (!answered) answers.push({ route, status: res.statusCode, body: res.body.slice(0, 200) });
    }
    expect(answers).toEqual([]);
  });
});
