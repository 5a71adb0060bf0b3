import { Writable } from 'node:stream';
import { pino } from 'pino';

/** Everything the process logs, at the most talkative level, kept as text. */
export function bufferLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, log: pino({ level: 'trace' }, sink) };
}
