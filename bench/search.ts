import { createTestDatabase, searchMessages, type Database, type DatabaseKind } from '@parley/server/testing';
import { nowMs } from './lib/clock.ts';
import { result, type BenchResult } from './lib/report.ts';
import { runIfMain } from './lib/run-main.ts';
import { distribution, ms } from './lib/stats.ts';
import { benchUserId, querySql, seedSearchCorpus, type SearchSeed } from './search-seed.ts';

const bench = 'search';
const users = 1000;
const seeds: Record<DatabaseKind, SearchSeed & { targetMs: number }> = {
  postgres: { users, conversationsPerUser: 20, messages: Number(process.env.BENCH_SEARCH_PG_MESSAGES ?? 1_000_000), targetMs: 50 },
  pglite: { users, conversationsPerUser: 20, messages: Number(process.env.BENCH_SEARCH_PGLITE_MESSAGES ?? 100_000), targetMs: 100 },
};
const measured = Number(process.env.BENCH_SEARCH_N ?? 200);
const warmUp = 20;

/** Query kinds the target names, each drawn from words the corpus is made of (frequent and rare ones). */
const queryKinds: { label: string; terms: string[] }[] = [
  { label: '1-character Chinese', terms: ['猫', '天', '海', '茶', '书'] },
  { label: '2-character Chinese', terms: ['天气', '学习', '数据', '北京', '火车'] },
  { label: '3-character Chinese', terms: ['人工智', '服务器', '工程师', '神经网', '机器学'] },
  { label: 'English word', terms: ['coffee', 'python', 'meeting', 'the', 'keyboard'] },
];

/**
 * Which indexes the planner uses for one query, so the printout shows the search stays indexed.
 * The query carries searchMessages' predicates, `unfinished = false` included (the trigram index is partial).
 */
async function planIndexes(database: Database, userId: string, term: string): Promise<string> {
  const rows = await querySql<Record<string, string>>(
    database,
    `EXPLAIN SELECT id FROM messages WHERE user_id = '${userId}' AND unfinished = false AND text ILIKE '%${term}%' ESCAPE '\\' ORDER BY created_at DESC, id DESC LIMIT 25`,
  );
  const plan = rows.map((row) => Object.values(row)[0]).join('\n');
  const used = [...new Set(plan.match(/messages_\w+_idx/g) ?? [])];
  return /Seq Scan on messages/.test(plan) ? 'SEQUENTIAL SCAN' : used.join(' + ');
}

async function runOn(kind: DatabaseKind): Promise<BenchResult[]> {
  const seed = seeds[kind];
  const database = await createTestDatabase(kind);
  try {
    const seededAt = nowMs();
    await seedSearchCorpus(database, seed);
    console.log(`  ${kind}: ${seed.messages.toLocaleString('en')} messages over ${seed.users} users seeded in ${((nowMs() - seededAt) / 1000).toFixed(1)} s`);
    const figures: BenchResult[] = [];
    let n = 0;
    for (const { label, terms } of queryKinds) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < warmUp + measured; i++) {
        const userId = benchUserId(1 + ((n++ * 7919) % seed.users));
        const term = terms[i % terms.length]!;
        const started = nowMs();
        const page = await searchMessages(database.db, userId, term, 1);
        if (i >= warmUp) times.push(nowMs() - started);
        hits += page.hits.length;
      }
      const d = distribution(times);
      const plan = await planIndexes(database, benchUserId(1), terms[0]!);
      console.log(`  ${kind} ${label}: p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, max ${ms(d.max)}; ${hits} hits shown; plan: ${plan}`);
      figures.push(result(bench, `${kind} ${label} per-user query p95`, ms(d.p95), `≤ ${seed.targetMs} ms`, d.p95 <= seed.targetMs));
    }
    return figures;
  } finally {
    await database.close();
  }
}

/**
 * Per-user message search (page and total) on a realistic corpus: 1,000,000 messages of
 * English, Chinese and mixed text across 1,000 users on PostgreSQL (a throw-away database,
 * dropped afterwards) and 100,000 on PGlite, for 1-, 2- and 3-character Chinese queries and
 * English words.
 */
export async function runSearch(): Promise<BenchResult[]> {
  return [...(await runOn('postgres')), ...(await runOn('pglite'))];
}

runIfMain(import.meta.url, runSearch);
