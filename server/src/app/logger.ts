import { pino, type DestinationStream, type Logger } from 'pino';
import type { Env } from '../config/env.ts';

export type { Logger };

const ERROR = 50;

/**
 * The error a streamed answer ends with when its client left before it was sent: @fastify/compress
 * logs it at error level for every page left while a large answer was still downloading.
 */
function isClientGone(value: unknown): boolean {
  return value instanceof Error && value.message === 'premature close';
}

/**
 * The one logger of a process (tests pass a `destination` to read it): Fastify logs requests
 * through it and services log their failures through `ctx.log`. Credentials never reach it:
 * request headers are not serialised, and these paths are redacted wherever a caller passes such
 * an object by mistake.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: env.LOG_LEVEL,
    redact: {
      paths: ['*.authorization', '*.cookie', '*.password', '*.apiKey', '*.apikey', '*.token', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
    hooks: {
      // A client that left is not a failure of the server: it is told at debug level, so the
      // error lines stay the ones an operator must read.
      logMethod(this: Logger, args: Parameters<Logger['error']>, method: (...args: unknown[]) => void, level: number) {
        if (level === ERROR && isClientGone(args[0])) return this.debug({ err: args[0] }, 'the client left before its answer was sent');
        method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
