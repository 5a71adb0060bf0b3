import type { Env } from './env.ts';

/** Whether this server has accounts at all: `ACCESS_MODE=keys` means access keys and visitors only. */
export function accountsEnabled(env: Pick<Env, 'ACCESS_MODE'>): boolean {
  return env.ACCESS_MODE !== 'keys';
}
