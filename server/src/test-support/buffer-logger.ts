import { Writable } from 'node:stream';
import { createLogger } from '../app/logger.ts';

/** Everything the process's logger logs, at the most talkative level, kept as text. */
export function bufferLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, log: createLogger({ LOG_LEVEL: 'trace' }, sink) };
}
