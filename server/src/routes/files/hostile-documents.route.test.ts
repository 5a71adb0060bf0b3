import type { ApiErrorBody, UploadedFile } from '@parley/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { docxBytes, hostileDocuments } from '../../test-support/file-fixtures.ts';
import { multipartBody } from '../../test-support/multipart.ts';

/** The p99 of `/api/health` latencies, asked one after another until `work` settles. */
async function healthWhile<T>(url: string, work: Promise<T>): Promise<{ result: T; p99: number; count: number }> {
  let done = false;
  const settled = work.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await (await fetch(`${url}/api/health`)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { result: await settled, p99: latencies[Math.floor(latencies.length * 0.99)]!, count: latencies.length };
}

// Each refusal can wait out PARSE_TIMEOUT_MS and restart a thread, which loads the Office reader again.
describe('hostile documents', { timeout: 120_000 }, () => {
  let t: ListeningApp;
  let who: Awaited<ReturnType<ListeningApp['signUp']>>;

  const upload = async (name: string, data: Buffer) => {
    const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name, data });
    const res = await fetch(`${t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: who.headers.authorization! },
      body: new Uint8Array(form.body),
    });
    return { status: res.status, body: (await res.json()) as UploadedFile & ApiErrorBody };
  };

  beforeAll(async () => {
    // A short reading limit keeps the suite quick; the default is 20 s.
    t = await listenTestApp('pglite', { PARSE_TIMEOUT_MS: '4000', WORKER_MEMORY_MB: '192' });
    who = await t.signUp();
  });
  afterAll(() => t.close());

  it('refuses the Word bombs with document_too_complex, reads the PDF only within its limits, and keeps answering meanwhile', async () => {
    // The pool's threads start (and load the Office reader) before the measurement.
    expect((await upload('warm.docx', docxBytes('warm'))).status).toBe(200);
    const documents = [
      ['paragraphs.docx', hostileDocuments.manyParagraphs()],
      ['bomb.docx', hostileDocuments.zipBomb()],
      ['operators.pdf', hostileDocuments.textOperators()],
    ] as const;
    const { result, p99, count } = await healthWhile(t.url, Promise.all(documents.map(([name, data]) => upload(name, data))));
    const refused = { status: 422, body: { error: 'document_too_complex', message: expect.stringMatching(/too large or too complex/) } };
    const [paragraphs, bomb, pdf] = result;
    expect(paragraphs).toMatchObject(refused);
    expect(bomb).toMatchObject(refused);
    // The PDF is stopped at PARSE_TIMEOUT_MS or at the thread's memory, or read within both: a quiet
    // machine can finish it inside the limit, and then its text is stored as any document's is.
    if (pdf!.status !== 200) expect(pdf).toMatchObject(refused);
    // On the event loop each held every request for seconds (the first alone 6.6 s on a quiet
    // machine). The bench holds the 50 ms target; this bound only tells a busy machine from a frozen server.
    expect(count).toBeGreaterThan(10);
    expect(p99, `/api/health p99 over ${count} requests`).toBeLessThan(1000);
    const stored = await t.ctx.db.select({ filename: files.filename }).from(files).where(eq(files.userId, who.userId));
    expect(stored.map((row) => row.filename).sort()).toEqual(pdf!.status === 200 ? ['operators.pdf', 'warm.docx'] : ['warm.docx']);
  });

  it('reads an ordinary document after its thread was stopped', async () => {
    const res = await upload('after.docx', docxBytes('Still reading.'));
    expect(res.status).toBe(200);
    const [row] = await t.ctx.db.select({ text: files.text }).from(files).where(eq(files.id, res.body.id));
    expect(row!.text).toBe('Still reading.');
  });
});
