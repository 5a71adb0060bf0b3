import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { withNamedStatements } from './pglite-named-statements.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** One transaction of the database, as `db.transaction` hands it to its callback. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a statement runs on: the database itself, or a transaction a caller opened. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (already done at open unless `migrate: false`). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
  /** False leaves the migrations to `migrate()`, so the server can listen (and answer not-ready) meanwhile. */
  migrate?: boolean;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the configured database and applies any pending migrations. Each driver is loaded only
 * when chosen: PGlite's WebAssembly build alone costs tens of megabytes a PostgreSQL deployment
 * should not carry.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await (options.url ? openPostgres(options.url) : openPglite(options.dataDir ?? 'memory://'));
  if (options.migrate !== false) await database.migrate();
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzle(pool, { schema });
  return { db: db as unknown as Db, kind: 'postgres', migrate: () => migrate(db, { migrationsFolder }), close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const [pglite, { btree_gin }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await pglite.PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzle(withNamedStatements(client, pglite), { schema });
  return { db: db as unknown as Db, kind: 'pglite', migrate: () => migrate(db, { migrationsFolder }), close: () => client.close() };
}
