import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { bufferLogger } from '../../test-support/buffer-logger.ts';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { pictureBomb } from '../../test-support/file-fixtures.ts';
import { storageKey } from './file-storage.ts';
import { storeFile } from './store-file.ts';
import { toMessageFile, turnsWithFiles } from './turn-files.ts';

// The pool's process loads sharp before the job's time starts: seconds on a busy machine.
describe('a hostile picture fitted for a model', { timeout: 120_000 }, () => {
  let t: TestApp;
  const logger = bufferLogger();

  beforeAll(async () => {
    // A picture stored under laxer limits (or before them), read now with a short one.
    t = await createTestApp('pglite', { PARSE_TIMEOUT_MS: '100', WORKER_PROCESSES: '1' }, { log: logger.log });
  });
  afterAll(() => t.close());

  it('is fitted in the worker pool within the reading limit: past it the turn goes on without it, says so, and it is logged', async () => {
    const [owner] = await t.ctx.db.insert(users).values({ name: 'Painter', email: 'painter@example.com' }).returning();
    // 7,000 × 7,000 pixels in about 50 KB: seconds of decoding and scaling to fit 2,048 pixels.
    const data = pictureBomb(7000, 7000);
    expect(data.length).toBeLessThan(200_000);
    const id = randomUUID();
    const key = storageKey(owner!.id, id);
    const row = await storeFile(t.ctx, [{ key, data, contentType: 'image/png' }], {
      id,
      userId: owner!.id,
      filename: 'bomb.png',
      mimeType: 'image/png',
      kind: 'image',
      bytes: data.length,
      width: 7000,
      height: 7000,
      path: key,
    });
    const [turn] = await turnsWithFiles(t.ctx, { userId: owner!.id, endpoint: 'openAI', model: 'gpt-4o', turns: [{ role: 'user', content: 'What is this?', files: [toMessageFile(row)] }] });
    expect(turn).toEqual({ role: 'user', content: '[Attached picture bomb.png: it is too large or too complex to prepare for this model.]\n\nWhat is this?' });
    expect(logger.lines.join('')).toMatch(/could not fit a picture within the reading limits.*"limit":"time"|"limit":"time".*could not fit a picture/);
  });
});
