import type { Db } from './client.ts';
import type { KeepsStatements } from './pglite-named-statements.ts';

/**
 * Whether the database executes in this thread (the embedded PGlite, whose client keeps
 * statements by name): its statements then hold everything else back while they run.
 */
export function runsInThisThread(db: Db): boolean {
  return typeof (db as { $client?: Partial<KeepsStatements> }).$client?.keepPrepared === 'function';
}
