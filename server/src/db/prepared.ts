import type { Db } from './client.ts';
import { statementKeeper } from './in-thread.ts';

/**
 * A statement composed once per database and reused. Drizzle composes a query on every call
 * (walking its entity checks for each column), which cost 0.2–0.3 ms of CPU per statement on the
 * chat path; a prepared query keeps the composed SQL and only binds values.
 */
export function preparedStatement<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      byDb.set(db, (statement = build(db)));
      keepPrepared(db, statement);
    }
    return statement;
  };
}

/**
 * PostgreSQL keeps a prepared query's plan per connection already (node-postgres names it);
 * PGlite keeps it only when told (`withNamedStatements`), and its client is told here.
 */
function keepPrepared(db: Db, statement: unknown) {
  const client = statementKeeper(db);
  const query = (statement as { getQuery?: () => { sql: string } }).getQuery?.();
  if (client && query) client.keepPrepared(query.sql);
}
