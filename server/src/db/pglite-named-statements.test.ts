import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as pglite from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSqlState } from './sql-state.ts';
import { preparedStatement } from './prepared.ts';
import { users } from './schema.ts';
import { openDatabase, type Database } from './client.ts';
import { withNamedStatements } from './pglite-named-statements.ts';

const insertUser = preparedStatement((db: Database['db']) =>
  db
    .insert(users)
    .values({ id: sql.placeholder('id'), email: sql.placeholder('email'), name: sql.placeholder('name'), plugins: sql.placeholder('plugins'), emailVerified: sql.placeholder('verified') })
    .returning({ id: users.id, plugins: users.plugins, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .prepare('test_insert_user'),
);
const findUser = preparedStatement((db: Database['db']) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('test_find_user'));

describe('PGlite prepared statements kept by name', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  const kept = async () => ((await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('answers what the plain query answers, values and types included, from a statement PostgreSQL keeps', async () => {
    const before = await kept();
    const id = randomUUID();
    const [inserted] = await insertUser(database.db).execute({ id, email: `${id}@example.com`, name: "O'Brien \\ \u00e9", plugins: ['a', 'b"c'], verified: true });
    expect(inserted).toMatchObject({ id, plugins: ['a', 'b"c'], emailVerified: true });
    expect(inserted!.createdAt).toBeInstanceOf(Date);
    const [found] = await findUser(database.db).execute({ id });
    const [plain] = await database.db.select().from(users).where(eq(users.id, id));
    expect(found).toEqual(plain);
    expect(found!.name).toBe("O'Brien \\ \u00e9");
    expect(await kept()).toBe(before + 2);
    // Run again: the same two statements, none added.
    await findUser(database.db).execute({ id });
    expect(await kept()).toBe(before + 2);
  });

  it("fails with PostgreSQL's own error, and the statement goes on working after it", async () => {
    const id = randomUUID();
    await insertUser(database.db).execute({ id, email: `${id}@example.com`, name: 'n', plugins: [], verified: false });
    const again = insertUser(database.db).execute({ id, email: `${id}@example.com`, name: 'n', plugins: [], verified: false });
    await expect(again).rejects.toSatisfy((error) => hasSqlState(error, '23505'));
    const other = randomUUID();
    const [row] = await insertUser(database.db).execute({ id: other, email: `${other}@example.com`, name: 'n', plugins: [], verified: false });
    expect(row!.id).toBe(other);
  });

  it('waits for a transaction in progress, as a plain query does, rather than reading inside it', async () => {
    const id = randomUUID();
    const order: string[] = [];
    let read: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email: `${id}@example.com`, name: 'in tx' });
      read = findUser(database.db)
        .execute({ id })
        .then((rows) => order.push(`read ${rows.length}`));
      // Turns of the event loop in which a read that did not wait would have run and answered.
      for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
      order.push('committed');
    });
    await read;
    expect(order).toEqual(['committed', 'read 1']);
  });
});

describe('PGlite in the server thread', () => {
  it('starts a statement or a transaction only once the response writes queued before it have left', async () => {
    const client = withNamedStatements(await pglite.PGlite.create('memory://'), pglite);
    const kept = 'select $1::text as kept';
    client.keepPrepared(kept);
    await client.query(kept, ['prepared before']);
    // How many corks hold the socket: when the write is queued, then as the statement and the transaction run.
    const corks: number[] = [];
    const writeThenQuery = (response: http.ServerResponse) => {
      response.write('first token');
      const socket = response.socket!;
      corks.push(socket.writableCorked);
      const serializers = { 25: (value: unknown) => (corks.push(socket.writableCorked), String(value)) };
      void Promise.all([
        client.query(kept, ['x'], { serializers }),
        client.query('select $1::text as plain', ['x'], { serializers }),
        client.transaction(async (tx) => {
          corks.push(socket.writableCorked);
          await tx.query('select 1');
        }),
      ]).then(() => response.end());
    };
    // As a reply's token is written: in a promise job, where the ticks queued meanwhile wait until the jobs are done.
    const server = http.createServer((_request, response) => queueMicrotask(() => writeThenQuery(response)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await answer.text()).toBe('first token');
    } finally {
      server.close();
      await client.close();
    }
    // Node sends a response's writes on the next tick; PGlite runs in this thread.
    expect(corks).toEqual([1, 0, 0, 0]);
  });
});
