import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../test-support/databases.ts';
import type { Database } from './client.ts';
import { conversations, messages, sessions, users } from './schema.ts';

/** The same store behaviour on the embedded PGlite and on the PostgreSQL server. */
function runStoreSuite(kind: (typeof testDatabaseKinds)[number]) {
  describe(`store on ${kind}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.close());

    const newUser = (email: string) =>
      database.db.insert(users).values({ name: 'Ada', email }).returning().then((rows) => rows[0]!);

    it('applies every migration and generates text ids', async () => {
      const user = await newUser('ada@example.com');
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(user.plugins).toEqual([]);
      expect(user.role).toBe('user');
    });

    it('refuses a second account with the same email in another letter case', async () => {
      await expect(newUser('ADA@example.com')).rejects.toThrow();
    });

    it('has pg_trgm available for search', async () => {
      const result = await database.db.execute(sql`select similarity('parley', 'parlay') > 0.3 as close`);
      const rows = (result as unknown as { rows: { close: boolean }[] }).rows;
      expect(rows[0]!.close).toBe(true);
    });

    it('deletes a user’s conversations, messages and sessions with the user', async () => {
      const user = await newUser('grace@example.com');
      await database.db.insert(conversations).values({ id: 'c1', userId: user.id, endpoint: 'openAI' });
      await database.db.insert(messages).values({
        id: 'm1',
        conversationId: 'c1',
        userId: user.id,
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        sender: 'User',
        text: 'hello',
        isCreatedByUser: true,
      });
      await database.db.insert(sessions).values({
        userId: user.id,
        familyId: 'f',
        tokenHash: 'h',
        expiresAt: new Date(Date.now() + 1000),
      });
      await database.db.delete(users).where(eq(users.id, user.id));
      expect(await database.db.select().from(conversations).where(eq(conversations.userId, user.id))).toEqual([]);
      expect(await database.db.select().from(messages).where(and(eq(messages.userId, user.id)))).toEqual([]);
      expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    });

    it('runs a transaction that rolls back as a whole', async () => {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.insert(users).values({ name: 'Tmp', email: 'tmp@example.com' });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await database.db.select().from(users).where(eq(users.email, 'tmp@example.com'))).toEqual([]);
    });
  });
}

for (const kind of testDatabaseKinds) runStoreSuite(kind);
