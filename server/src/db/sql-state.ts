/**
 * Whether `error` is PostgreSQL's error `sqlState`, seen directly or wrapped by Drizzle's query
 * error (both drivers). The code, unlike the message, does not depend on the server's language.
 */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === sqlState) return true;
  }
  return false;
}
