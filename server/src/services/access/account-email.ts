import { sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { nonAccountProviders } from './owner-kinds.ts';

/** The owner row's email when it is an account's; null for a key's or a visitor's own row (their synthetic addresses). */
export const accountEmailColumn = sql<string | null>`case when ${users.provider} in (${sql.join(
  nonAccountProviders.map((p) => sql`${p}`),
  sql`, `,
)}) then null else ${users.email} end`;
