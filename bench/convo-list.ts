import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signAccessToken } from '../server/src/services/auth/access-token.ts';
import { createTestApp } from '../server/src/test/app.ts';
import type { DatabaseKind } from '../server/src/test/databases.ts';
import { nowMs } from './lib/clock.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { distribution, ms } from './lib/stats.ts';

const bench = 'convo-list';
const conversations = 10_000;
/** Other users' rows share the table, as they would on a real server. */
const otherUsers = 200;
const otherConversationsEach = 100;
const measured = Number(process.env.BENCH_CONVO_LIST_N ?? 300);
const warmUp = 30;
const targetMs = 10;

const seedSql = [
  `INSERT INTO users (id, name, email) SELECT 'bench-u' || g, 'Bench user ' || g, 'bench-u' || g || '@bench.local'
     FROM generate_series(0, ${otherUsers}) g`,
  `INSERT INTO conversations (id, user_id, title, endpoint, model, options, created_at, updated_at)
     SELECT 'bench-c' || g, 'bench-u0', 'Conversation number ' || g, 'openAI', 'gpt-4o', '{"temperature":0.7,"top_p":1}'::jsonb,
       now() - make_interval(mins => ${conversations} - g), now()
     FROM generate_series(1, ${conversations}) g`,
  `INSERT INTO conversations (id, user_id, title, endpoint, created_at, updated_at)
     SELECT 'bench-o' || g, 'bench-u' || (1 + g % ${otherUsers}), 'Other ' || g, 'openAI', now() - make_interval(mins => g), now()
     FROM generate_series(1, ${otherUsers * otherConversationsEach}) g`,
  // The state autovacuum leaves a table in after a burst of inserts: statistics and visibility map up to date.
  'VACUUM ANALYZE conversations',
  'ANALYZE users',
];

async function timeRoute(app: FastifyInstance, token: string, url: (i: number) => string) {
  const times: number[] = [];
  for (let i = 0; i < warmUp + measured; i++) {
    const started = nowMs();
    const res = await app.inject({ method: 'GET', url: url(i), headers: { authorization: `Bearer ${token}` } });
    const elapsed = nowMs() - started;
    if (res.statusCode !== 200) throw new Error(`GET ${url(i)} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (i >= warmUp) times.push(elapsed);
  }
  return distribution(times);
}

async function runOn(kind: DatabaseKind): Promise<BenchResult[]> {
  const t = await createTestApp(kind);
  try {
    for (const statement of seedSql) await t.database.db.execute(sql.raw(statement));
    const token = await signAccessToken(t.ctx.secrets.jwtSecret, { id: 'bench-u0', sessionVersion: 0 });
    const first = await timeRoute(t.app, token, () => '/api/convos?pageNumber=1');
    const pages = Math.ceil(conversations / 25);
    const anywhere = await timeRoute(t.app, token, (i) => `/api/convos?pageNumber=${1 + ((i * 7919) % pages)}`);
    // The same token check and user lookup with no list: how much of the figure is the route's fixed cost and machine noise.
    const floor = await timeRoute(t.app, token, () => '/api/user');
    console.log(`  ${kind}: first page p50 ${ms(first.p50)}, p95 ${ms(first.p95)}; any of ${pages} pages p50 ${ms(anywhere.p50)}, p95 ${ms(anywhere.p95)}`);
    console.log(`  ${kind}: GET /api/user on the same app for reference: p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)}`);
    return [
      result(bench, `${kind} first page p95 (10,000 conversations)`, ms(first.p95), `≤ ${targetMs} ms`, first.p95 <= targetMs),
      result(bench, `${kind} any page p95 (10,000 conversations)`, ms(anywhere.p95), `≤ ${targetMs} ms`, anywhere.p95 <= targetMs),
    ];
  } finally {
    await t.close();
  }
}

/**
 * `GET /api/convos` for a user with 10,000 conversations, through the whole route (token check,
 * user lookup, page and total), on PostgreSQL (a throw-away database) and on PGlite.
 */
export async function runConvoList(): Promise<BenchResult[]> {
  return [...(await runOn('postgres')), ...(await runOn('pglite'))];
}

runIfMain(import.meta.url, runConvoList);
