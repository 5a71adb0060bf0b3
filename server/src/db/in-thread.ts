import type { Db } from './client.ts';
import type { KeepsStatements } from './pglite-named-statements.ts';

/** The client of a database that keeps statements by name (the embedded PGlite, see `withNamedStatements`); undefined for PostgreSQL. */
export function statementKeeper(db: Db): KeepsStatements | undefined {
  const client = (db as { $client?: Partial<KeepsStatements> }).$client;
  return typeof client?.keepPrepared === 'function' ? (client as KeepsStatements) : undefined;
}

/**
 * Whether the database executes in this thread (the embedded PGlite, the one client that keeps
 * statements by name): its statements then hold everything else back while they run.
 */
export function runsInThisThread(db: Db): boolean {
  return statementKeeper(db) !== undefined;
}
