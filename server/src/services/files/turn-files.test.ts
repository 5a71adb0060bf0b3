import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import sharp from 'sharp';
import { pdfBytes, pictureBytes } from '../../test-support/file-fixtures.ts';
import { registerUser } from '../auth/account-service.ts';
import { findOwnedFile } from './file-store.ts';
import { toMessageFile, turnsWithFiles } from './turn-files.ts';
import { uploadFile } from './upload-file.ts';

describe('turns with files', () => {
  let t: TestApp;
  let owner: string;
  const messageFile = async (name: string, data: Buffer) => {
    const { id } = await uploadFile(t.ctx, { owner, endpoint: 'openAI', fileName: name, data });
    return toMessageFile((await findOwnedFile(t.ctx.db, owner, id))!);
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    owner = (await registerUser(t.ctx, { name: 'Reader', email: 'reader@example.com', password: 'correct horse battery', confirm_password: 'correct horse battery' })).id;
  });
  afterAll(() => t.close());

  it('cuts a document to the model’s budget and says so', async () => {
    const long = await messageFile('long.txt', Buffer.from('a'.repeat(30_000)));
    const [turn] = await turnsWithFiles(t.ctx, { userId: owner, endpoint: 'openAI', model: 'my-local-model', turns: [{ role: 'user', content: 'Summarise', files: [long] }] });
    expect(turn!.content).toMatch(/^\[Attached file: long\.txt\]\na{24000}\n\[Truncated: only the first 24000 characters of long\.txt fit in this model's context\.\]\n\[End of long\.txt\]\n\nSummarise$/);
  });

  it('gives the newest turn’s document the budget first', async () => {
    const older = await messageFile('older.txt', Buffer.from('o'.repeat(20_000)));
    const newer = await messageFile('newer.txt', Buffer.from('n'.repeat(20_000)));
    const turns = await turnsWithFiles(t.ctx, {
      userId: owner,
      endpoint: 'openAI',
      model: 'my-local-model',
      turns: [
        { role: 'user', content: 'first', files: [older] },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'second', files: [newer] },
      ],
    });
    expect(turns[2]!.content).not.toContain('[Truncated');
    expect(turns[0]!.content).toContain('[Truncated: only the first 4000 characters of older.txt');
  });

  it('sends a PDF as a file to a model that reads PDFs and as text to one that does not', async () => {
    const pdf = await messageFile('memo.pdf', pdfBytes('Memo text'));
    const [native] = await turnsWithFiles(t.ctx, { userId: owner, endpoint: 'anthropic', model: 'claude-2', turns: [{ role: 'user', content: 'q', files: [pdf] }] });
    expect(native!.attachments?.map((a) => a.mediaType)).toEqual(['application/pdf']);
    const [text] = await turnsWithFiles(t.ctx, { userId: owner, endpoint: 'openAI', model: 'my-local-model', turns: [{ role: 'user', content: 'q', files: [pdf] }] });
    expect(text!.attachments).toBeUndefined();
    expect(text!.content).toContain('Memo text');
  });

  it('scales a picture past the provider’s longest side down (in the worker pool) and sends one that fits as it is', async () => {
    const wide = await messageFile('wide.png', await pictureBytes(3000, 600));
    const small = await messageFile('small.png', await pictureBytes(40, 30));
    const [turn] = await turnsWithFiles(t.ctx, { userId: owner, endpoint: 'openAI', model: 'gpt-4o', turns: [{ role: 'user', content: 'q', files: [wide, small] }] });
    const [scaled, kept] = turn!.attachments!;
    expect(scaled!.mediaType).toBe('image/jpeg');
    expect(await sharp(scaled!.data).metadata()).toMatchObject({ width: 2048, height: 410 });
    expect(kept!.mediaType).toBe('image/png');
    expect(await sharp(kept!.data).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('tells the model when a file is gone', async () => {
    const [turn] = await turnsWithFiles(t.ctx, {
      userId: owner,
      endpoint: 'openAI',
      model: 'gpt-4o',
      turns: [{ role: 'user', content: 'q', files: [{ file_id: '00000000-0000-4000-8000-000000000000', filename: 'lost.png', type: 'image/png', bytes: 1 }] }],
    });
    expect(turn!.content).toBe('[Attached file lost.png is no longer available.]\n\nq');
  });
});
