import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/databases.ts';
import { hostileCall } from '../test-support/hostile-inputs.ts';
import { registeredRoutes, routeTable, withConsoleRoutes } from '../test-support/route-table.ts';
import { startSecurityWorld, type SecurityWorld } from '../test-support/security-world.ts';

/** Runs per route and the seed: 35 routes × 25 runs stay well under a minute per database, and a failure replays. */
const RUNS_PER_ROUTE = 25;
const SEED = 20_261_123;

describe.each(testDatabaseKinds)('hostile input on every route, %s', (kind) => {
  let w: SecurityWorld;
  let sent = 0;
  beforeAll(async () => {
    w = await startSecurityWorld(kind);
  });
  afterAll(() => w.close());

  it.each(Object.entries(routeTable))('%s never answers 5xx', async (route, entry) => {
    const method = route.split(' ')[0]!;
    await fc.assert(
      fc.asyncProperty(hostileCall(route, entry.call(w.data)), async (call) => {
        sent += 1;
        // A fresh address per call, so the login and sign-up limits do not turn every later call into a 429.
        const ip = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
        const res = await w.call({ ...w.alice, ip }, method, call);
        expect(res.statusCode, `${method} ${call.url} ${String(call.payload).slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
    );
  });

  // The console's routes are found in the app's route table (every area, whoever added it), so they run in one case.
  it('never answers 5xx on a console route, as its admin', async () => {
    const consoleRoutes = Object.entries(withConsoleRoutes(registeredRoutes(w.stack.t.app))).filter(([route]) => !(route in routeTable));
    expect(consoleRoutes.length).toBeGreaterThan(1);
    for (const [route, entry] of consoleRoutes) {
      const method = route.split(' ')[0]!;
      await fc.assert(
        fc.asyncProperty(hostileCall(route, entry.call(w.data)), async (call) => {
          sent += 1;
          const ip = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
          const res = await w.call({ ...w.alice, ip }, method, call);
          expect(res.statusCode, `${method} ${call.url} ${String(call.payload).slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    }
  });

  it('left Object.prototype untouched after every hostile body', () => {
    expect(sent).toBeGreaterThan(Object.keys(routeTable).length * RUNS_PER_ROUTE - 1);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
