import { randomBytes } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.PARLEY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ThrowawayPostgres {
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the local PostgreSQL server for one bench run; Parley migrates it. */
export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const name = `parley_bench_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
