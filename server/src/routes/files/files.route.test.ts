import type { ApiErrorBody, UploadedFile } from '@parley/core';
import { maxUploadBytes } from '@parley/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { docxBytes, pdfBytes, pictureBytes, zipBytes } from '../../test-support/file-fixtures.ts';
import { multipartBody } from '../../test-support/multipart.ts';

type Who = Awaited<ReturnType<ListeningApp['signUp']>>;

describe.each(testDatabaseKinds)('file routes on %s', (kind) => {
  let t: ListeningApp;
  let alice: Who;
  let bob: Who;

  const upload = async (who: Who | undefined, name: string, data: Buffer | string, fields: Record<string, string> = { endpoint: 'openAI', model: 'gpt-4o' }) => {
    const form = multipartBody(fields, { name, data });
    const res = await fetch(`${t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, ...(who ? { authorization: who.headers.authorization! } : {}) },
      body: new Uint8Array(form.body),
    });
    return { status: res.status, body: (await res.json()) as UploadedFile & ApiErrorBody };
  };
  const download = (who: Who, id: string, query = '') => fetch(`${t.url}/api/files/${id}${query}`, { headers: { authorization: who.headers.authorization! } });

  beforeAll(async () => {
    // The suite uploads far more than a person would in a minute.
    t = await listenTestApp(kind, { UPLOAD_IP_MAX: '1000', UPLOAD_USER_MAX: '1000' });
    [alice, bob] = [await t.signUp(), await t.signUp()];
  });
  afterAll(() => t.close());

  it('stores a picture and answers its id, sniffed type, size and dimensions', async () => {
    const png = await pictureBytes(640, 480);
    const res = await upload(alice, 'holiday.png', png);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), filename: 'holiday.png', type: 'image/png', bytes: png.length, width: 640, height: 480 });

    const served = await download(alice, res.body.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="holiday.png"; filename*=UTF-8''holiday.png`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const thumb = await download(alice, res.body.id, '?size=thumb');
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
  });

  it('judges a picture by its bytes: a JPEG named .png is stored as a JPEG', async () => {
    const res = await upload(alice, 'photo.png', await pictureBytes(10, 10, 'jpeg'));
    expect(res.body.type).toBe('image/jpeg');
  });

  it.each([
    ['a zip named .png', 'cat.png', zipBytes({ 'a.txt': 'not a picture' })],
    ['a zip named .pdf', 'report.pdf', zipBytes({ 'a.txt': 'not a pdf' })],
    ['a PDF named .docx', 'letter.docx', pdfBytes('hello')],
    ['binary named .txt', 'notes.txt', Buffer.from([0x68, 0x69, 0x00, 0xff])],
    ['a picture named .txt', 'notes.txt', 'GIF89a'.padEnd(64, '\u0001')],
    ['a type nobody takes', 'setup.exe', Buffer.from('MZ\u0090\u0000')],
    ['an empty file', 'empty.txt', Buffer.alloc(0)],
  ])('refuses %s with "Invalid file for upload"', async (_what, name, data) => {
    const res = await upload(alice, name, data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_file', message: 'Invalid file for upload' });
  });

  it('refuses a file over 20 MB with 413 and stores nothing', async () => {
    const before = await t.ctx.db.select().from(files).where(eq(files.userId, bob.userId));
    const res = await upload(bob, 'big.txt', Buffer.alloc(maxUploadBytes + 1, 0x61));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('file_too_large');
    expect(await t.ctx.db.select().from(files).where(eq(files.userId, bob.userId))).toEqual(before);
  });

  it('takes a file of exactly 20 MB', async () => {
    const res = await upload(bob, 'exact.txt', Buffer.alloc(maxUploadBytes, 0x61));
    expect(res.status).toBe(200);
    expect(res.body.bytes).toBe(maxUploadBytes);
  });

  it('gives grok pictures only (JPG, JPEG, PNG, GIF, WebP) and only on its upload models', async () => {
    const grok = { endpoint: 'grok', model: 'grok-3-imageGen' };
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
      expect((await upload(alice, `x.${format === 'jpeg' ? 'jpg' : format}`, await pictureBytes(8, 8, format), grok)).status).toBe(200);
    }
    expect((await upload(alice, 'doc.pdf', pdfBytes('hi'), grok)).body.error).toBe('invalid_file');
    expect((await upload(alice, 'a.png', await pictureBytes(8, 8), { endpoint: 'grok', model: 'grok-local-model' })).body.error).toBe('upload_not_supported');
  });

  it('takes uploads on the spec models and on vision models, and refuses the rest', async () => {
    const png = await pictureBytes(8, 8);
    expect((await upload(alice, 'a.png', png, { endpoint: 'openAI', model: 'gpt-o3-mini' })).status).toBe(200);
    expect((await upload(alice, 'a.png', png, { endpoint: 'anthropic', model: 'claude-2' })).status).toBe(200);
    expect((await upload(alice, 'a.png', png, { endpoint: 'openAI', model: 'my-local-model' })).body.error).toBe('upload_not_supported');
    expect((await upload(alice, 'a.png', png, { endpoint: 'deepSeek', model: 'deepseek-r1' })).body.error).toBe('upload_not_supported');
    expect((await upload(alice, 'a.png', png, { endpoint: 'nowhere' })).body.error).toBe('unknown_endpoint');
  });

  it('reads a document’s text once, at upload, and sanitises its name', async () => {
    const res = await upload(alice, '..\\..\\secret\u202e<report>.docx', docxBytes('The quarterly revenue was 42 apples.'));
    expect(res.status).toBe(200);
    expect(res.body.filename).toBe('secret_report_.docx');
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, res.body.id));
    expect(row!.text).toBe('The quarterly revenue was 42 apples.');
    expect(row!.path).toBe(`${alice.userId}/${res.body.id}`);

    const served = await download(alice, res.body.id);
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="secret_report_.docx"; filename*=UTF-8''secret_report_.docx`);
    expect(served.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('reads PDF, HTML and code files as text', async () => {
    const pdf = await upload(alice, 'invoice.pdf', pdfBytes('The invoice total is 17 pears.'));
    const html = await upload(alice, 'page.html', '<html><script>evil()</script><p>Tom &amp; Jerry</p></html>');
    const code = await upload(alice, 'main.py', 'print("hi")\n');
    const text = async (id: string) => (await t.ctx.db.select().from(files).where(eq(files.id, id)))[0]!.text;
    expect(await text(pdf.body.id)).toBe('The invoice total is 17 pears.');
    expect(await text(html.body.id)).toBe('Tom & Jerry');
    expect(html.body.type).toBe('text/html');
    expect(await text(code.body.id)).toBe('print("hi")');
  });

  it('keeps a Chinese file name exact in the download header', async () => {
    const res = await upload(alice, '季度报告.txt', '收入');
    const served = await download(alice, res.body.id);
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="____.txt"; filename*=UTF-8''${encodeURIComponent('季度报告.txt')}`,
    );
  });

  it('serves a file to its owner only: another user gets 404, a stranger 401', async () => {
    const { body } = await upload(alice, 'mine.txt', 'Alice only');
    expect((await download(bob, body.id)).status).toBe(404);
    expect((await download(alice, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await download(alice, 'not-an-id')).status).toBe(400);
    expect((await fetch(`${t.url}/api/files/${body.id}`)).status).toBe(401);
    expect((await upload(undefined, 'a.txt', 'x')).status).toBe(401);
  });

  it('refuses a NUL in a form field like every other route', async () => {
    const res = await upload(alice, 'a.txt', 'x', { endpoint: 'open\u0000AI' });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ fields: { endpoint: 'validation.nul' } });
  });

  it('refuses a request that is not a multipart form, or has no file', async () => {
    const res = await fetch(`${t.url}/api/ask/files/upload`, { method: 'POST', headers: alice.headers, body: JSON.stringify({ endpoint: 'openAI' }) });
    expect(res.status).toBe(400);
    const form = multipartBody({ endpoint: 'openAI' });
    const empty = await fetch(`${t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: alice.headers.authorization! },
      body: new Uint8Array(form.body),
    });
    expect(empty.status).toBe(400);
  });
});
