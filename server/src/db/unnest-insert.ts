import { getTableColumns, is, SQL, sql, type Column, type Name } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A column to insert and the PostgreSQL type its array travels as. */
export type UnnestedColumn<Row> = readonly [key: keyof Row & string, type: 'text' | 'int' | 'bigint' | 'bool' | 'timestamptz'];

/**
 * `table`'s columns by key, each as its bare quoted name: an INSERT's column list and an UPDATE's
 * SET take no table prefix, which Drizzle's own column reference carries.
 */
export function bareColumns<T extends PgTable>(table: T): (key: keyof T['_']['columns'] & string) => Name {
  const columns = getTableColumns(table);
  return (key) => sql.identifier(columns[key]!.name);
}

/** One column's values as one array parameter of PostgreSQL's `type` (`text`, `bool`, `bigint`…), for `unnest`. */
const arrayParam = <T>(values: readonly T[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The same, its values named `name` and given per call (`composedOnce`). */
export const arrayPlaceholder = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;

/** A row's value as its array carries it: a value left out takes the column's plain default (`default(0)`), else null. */
function valueOf(value: unknown, column: Column): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value !== undefined) return value;
  return column.default === undefined || is(column.default, SQL) ? null : column.default;
}

/**
 * Inserts many rows in one statement whose every column travels as one array parameter and is
 * unnested: the statement has as many parameters as columns whatever the number of rows, and
 * building it costs nothing per row (Drizzle's multi-row insert checks every value it binds).
 * Columns left out take their defaults, and so does a listed column a row leaves undefined when its
 * default is a plain value (an unnested array cannot say DEFAULT).
 */
export async function insertUnnested<Row extends Record<string, unknown>>(db: Db, table: PgTable, columns: readonly UnnestedColumn<Row>[], rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const byKey = getTableColumns(table);
  const names = columns.map(([key]) => `"${byKey[key]!.name}"`).join(', ');
  const arrays = columns.map(([key, type]) => arrayParam(rows.map((row) => valueOf(row[key], byKey[key]!)), type));
  await db.execute(sql`INSERT INTO ${table} (${sql.raw(names)}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`);
}
