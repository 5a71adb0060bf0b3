/** The Redis server the tests use (the local one unless `PARLEY_TEST_REDIS_URL` names another). */
export const testRedisUrl = process.env.PARLEY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
