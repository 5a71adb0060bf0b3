import type { ApiErrorBody } from '@parley/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningApp } from '../../test-support/chat-stack.ts';
import { multipartBody } from '../../test-support/multipart.ts';

describe('a damaged upload form', () => {
  let t: ListeningApp;
  let authorization: string;

  beforeAll(async () => {
    t = await listenTestApp('pglite');
    authorization = (await t.signUp()).headers.authorization!;
  });
  afterAll(() => t.close());

  const post = async (contentType: string, body: Buffer) => {
    const res = await fetch(`${t.url}/api/ask/files/upload`, { method: 'POST', headers: { authorization, 'content-type': contentType }, body: new Uint8Array(body) });
    return { status: res.status, body: (await res.json()) as ApiErrorBody };
  };

  it('answers 400 malformed_upload for a body cut off in the middle of the file', async () => {
    const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name: 'notes.txt', data: 'x'.repeat(4000) });
    const res = await post(form.contentType, form.body.subarray(0, form.body.length - 2000));
    expect(res).toMatchObject({ status: 400, body: { error: 'malformed_upload' } });
  });

  it('answers 400 malformed_upload for a multipart type without a boundary', async () => {
    const form = multipartBody({ endpoint: 'openAI', model: 'gpt-4o' }, { name: 'notes.txt', data: 'plain notes' });
    const res = await post('multipart/form-data', form.body);
    expect(res).toMatchObject({ status: 400, body: { error: 'malformed_upload' } });
  });
});
