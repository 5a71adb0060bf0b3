import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.ts';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** 32-byte key for AES-256-GCM, hex. */
  credsKey: string;
}

const fromEnv = { jwtSecret: 'JWT_SECRET', jwtRefreshSecret: 'JWT_REFRESH_SECRET', credsKey: 'CREDS_KEY' } as const;

/**
 * Secrets come from env; any that are absent are generated once into
 * `DATA_DIR/secrets.json` (mode 0600) so a fresh `npm start` works with no configuration.
 * Values given by env are never written to disk.
 */
export function loadSecrets(env: Env, log: (msg: string) => void = console.log): Secrets {
  const file = path.join(env.DATA_DIR, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const toStore: Partial<Secrets> = {};
  let generated = false;
  const secrets = {} as Secrets;
  for (const [key, variable] of Object.entries(fromEnv) as [keyof Secrets, string][]) {
    const given = env[variable as keyof Env] as string | undefined;
    if (given) {
      secrets[key] = given;
      continue;
    }
    const value = stored[key] ?? randomBytes(32).toString('hex');
    generated ||= stored[key] === undefined;
    secrets[key] = toStore[key] = value;
  }
  if (generated) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
    log(`Generated secrets in ${file}; set JWT_SECRET, JWT_REFRESH_SECRET and CREDS_KEY to manage them yourself.`);
  }
  return secrets;
}
