import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../test-support/databases.ts';
import type { Database } from './client.ts';
import { composedOnce } from './composed-once.ts';
import { users } from './schema.ts';
import { arrayPlaceholder } from './unnest-insert.ts';

const renameStatement = composedOnce<{ ids: string[]; names: string[]; suffix: string }, { id: string; name: string }>(sql`
  UPDATE ${users} SET name = r.name || ${sql.placeholder('suffix')}::text
  FROM unnest(${arrayPlaceholder('ids', 'text')}, ${arrayPlaceholder('names', 'text')}) AS r(id, name)
  WHERE ${users.id} = r.id
  RETURNING ${users.id} AS id, ${users.name} AS name`);

describe.each(testDatabaseKinds)('composedOnce on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('sends each call its own values in their places, arrays and text with quotes and backslashes included', async () => {
    const [ada, bob] = await database.db
      .insert(users)
      .values([
        { name: 'Ada', email: `ada-${kind}@example.com` },
        { name: 'Bob', email: `bob-${kind}@example.com` },
      ])
      .returning();
    for (const round of [1, 2]) {
      const names = [`Ada "${round}"`, `Bob \\${round}, {x}`];
      const renamed = await renameStatement(database.db, { ids: [ada!.id, bob!.id], names, suffix: '!' });
      expect(new Map(renamed.map((r) => [r.id, r.name]))).toEqual(new Map([[ada!.id, `${names[0]}!`], [bob!.id, `${names[1]}!`]]));
      const [stored] = await database.db.select().from(users).where(eq(users.id, bob!.id));
      expect(stored!.name).toBe(`${names[1]}!`);
    }
  });

  it('refuses a call that leaves a placeholder without its value', async () => {
    await expect(renameStatement(database.db, { ids: [], names: [] } as never)).rejects.toThrow('no value for the placeholder suffix');
  });

  it('refuses to run inside a transaction rather than outside it', async () => {
    await expect(database.db.transaction((tx) => renameStatement(tx, { ids: [], names: [], suffix: '' }))).rejects.toThrow('not in a transaction');
  });
});

it('takes every value by placeholder', () => {
  expect(() => composedOnce(sql`SELECT ${'a value'}`)).toThrow('by placeholder');
});
