// What other workspaces (the benches) may use of the server: a test app, throw-away databases and
// the services they measure. They import it as `@parley/server/testing`, never a path inside src.
export { signAccessToken } from './services/auth/access-token.ts';
export { searchMessages } from './services/search/message-search.ts';
export type { Database } from './db/client.ts';
export { createTestApp } from './test-support/app.ts';
export { hostileDocuments } from './test-support/file-fixtures.ts';
export { createTestDatabase, createThrowawayPostgres, testDatabaseKinds, type DatabaseKind } from './test-support/databases.ts';
