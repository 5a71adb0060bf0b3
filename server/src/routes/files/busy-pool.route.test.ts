import type { ApiErrorBody, UploadedFile } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { multipartBody } from '../../test-support/multipart.ts';

// The pool's one process loads mathjs first: seconds on a busy machine.
describe('an upload while the worker pool is full', { timeout: 120_000 }, () => {
  let t: ListeningApp;

  beforeAll(async () => {
    t = await listenTestApp('pglite', { WORKER_PROCESSES: '1', WORKER_QUEUE_MAX: '1' });
  });
  afterAll(() => t.close());

  it('is answered 503 service_unavailable with Retry-After, stores nothing, and is taken once the queue has room', async () => {
    const who = await t.signUp();
    const upload = async () => {
      const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name: 'notes.txt', data: 'meeting notes' });
      const res = await fetch(`${t.url}/api/ask/files/upload`, {
        method: 'POST',
        headers: { 'content-type': form.contentType, authorization: who.headers.authorization! },
        body: new Uint8Array(form.body),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as UploadedFile & ApiErrorBody };
    };
    // One job runs (its process still loading mathjs), one waits: the queue of one is full.
    const busy = [
      t.ctx.workers.run('calculate', { expression: 'sum(1:2000000)' }, { timeoutMs: 60_000 }),
      t.ctx.workers.run('calculate', { expression: '1+1' }, { timeoutMs: 60_000 }),
    ];
    expect(await upload()).toMatchObject({ status: 503, retryAfter: '5', body: { error: 'service_unavailable', message: expect.stringMatching(/busy/) } });
    expect(await t.ctx.db.select().from(files).where(eq(files.userId, who.userId))).toEqual([]);
    await Promise.all(busy);
    expect(await upload()).toMatchObject({ status: 200, body: { filename: 'notes.txt' } });
  });
});
