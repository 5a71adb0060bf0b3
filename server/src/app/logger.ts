import { pino, type Logger } from 'pino';
import type { Env } from '../config/env.ts';

export type { Logger };

/**
 * The one logger of a process: Fastify logs requests through it and services log their
 * failures through `ctx.log`. Credentials never reach it: request headers are not serialised,
 * and these paths are redacted wherever a caller passes such an object by mistake.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    redact: {
      paths: ['*.authorization', '*.cookie', '*.password', '*.apiKey', '*.apikey', '*.token', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
}
