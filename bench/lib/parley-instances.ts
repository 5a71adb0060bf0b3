import { randomBytes } from 'node:crypto';
import { startBenchParley, type BenchParley } from './parley.ts';

/**
 * `count` Parley processes deployed as one (DESIGN: instances on one PostgreSQL and one Redis
 * behave as one): the same secrets, so a token from one is honoured by all, started one after
 * the other so only the first runs the migrations. `env` must name the shared database (and
 * Redis when there is more than one).
 */
export async function startParleyInstances(count: number, env: Record<string, string>): Promise<BenchParley[]> {
  if (count > 1 && (!env.DATABASE_URL || !env.REDIS_URL)) throw new Error('several instances need a shared PostgreSQL and Redis');
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    CREDS_KEY: randomBytes(32).toString('hex'),
  };
  const instances: BenchParley[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startBenchParley({ env: { ...env, ...secrets } }));
    return instances;
  } catch (error) {
    await stopParleyInstances(instances);
    throw error;
  }
}

export async function stopParleyInstances(instances: readonly BenchParley[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.stop()));
}
