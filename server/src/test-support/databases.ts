import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const adminUrl = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let postgresReachable: Promise<boolean> | undefined;

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Which databases the store suites run on. PostgreSQL is mandatory in CI (`CI=true`);
 * elsewhere an unreachable server is skipped with a clear line in the output.
 */
async function availableDatabaseKinds(): Promise<DatabaseKind[]> {
  postgresReachable ??= canReachPostgres();
  if (await postgresReachable) return ['pglite', 'postgres'];
  if (process.env.CI) throw new Error(`PostgreSQL is required in CI but ${adminUrl} is unreachable`);
  console.warn(`SKIPPED: PostgreSQL runs — no server at ${adminUrl} (set PARLEY_TEST_PG_URL)`);
  return ['pglite'];
}

export const testDatabaseKinds: DatabaseKind[] = await availableDatabaseKinds();

/** An empty database on the PostgreSQL server (for a test's own app or a child Parley), and its removal. */
export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a throw-away database on the PostgreSQL server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const throwaway = await createThrowawayPostgres();
  const database = await openDatabase({ url: throwaway.url });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}
