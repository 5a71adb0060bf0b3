import { hasSqlState } from '../../db/sql-state.ts';

/** PostgreSQL's unique_violation, seen directly or wrapped by Drizzle's query error (both drivers). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');
