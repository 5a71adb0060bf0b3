import type { Message, UploadedFile } from '@parley/core';
import { startGrokFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, readSse, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { pictureBytes } from '../../test-support/file-fixtures.ts';
import { multipartBody } from '../../test-support/multipart.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;

const fileLink = /!\[image\]\(\/api\/files\/([0-9a-f-]{36})\)/;

describe.each(testDatabaseKinds)('generated images on %s', (kind) => {
  let stack: ChatStack;
  let grok: FakeUpstream;
  let alice: Who;
  let bob: Who;
  let drawn: Buffer;

  beforeAll(async () => {
    grok = await startGrokFake();
    stack = await startChatStack(kind, { GROK_API_KEY: 'xai-key', GROK_BASE_URL: `${grok.url}/v1`, OPENAI_FETCH_MODELS: 'false', GROK_FETCH_MODELS: 'false' });
    [alice, bob] = [await stack.t.signUp(), await stack.t.signUp()];
    drawn = await pictureBytes(48, 32);
  });
  afterAll(async () => {
    await stack.close();
    await grok.close();
  });

  it('keeps a gpt-4o-image picture as a file of the owner and links it by /api/files/:id, never a data URL', async () => {
    stack.upstream.enqueue({ imageBase64: drawn.toString('base64') });
    const { frames } = await stack.ask(alice, { model: 'gpt-4o-image', text: 'draw a red flag' });
    const { responseMessage, conversation } = finalOf(frames);
    expect(responseMessage.text).not.toContain('data:');
    const [, id] = fileLink.exec(responseMessage.text)!;
    expect(responseMessage.files).toEqual([{ file_id: id, filename: `image-${id!.slice(0, 8)}.png`, type: 'image/png', bytes: drawn.length, width: 48, height: 32 }]);

    const served = await stack.get(alice, `/api/files/${id}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(drawn)).toBe(true);
    expect((await stack.get(bob, `/api/files/${id}`)).status).toBe(404);

    // A reload shows the same link, and the stored text is what search and export read.
    const messages = (await (await stack.get(alice, `/api/messages/${conversation.conversationId}`)).json()) as Message[];
    expect(messages.find((m) => !m.isCreatedByUser)!.text).toBe(responseMessage.text);
  });

  it('edits the one uploaded picture with grok-3-imageGen through xAI image edits', async () => {
    const form = multipartBody({ endpoint: 'grok', model: 'grok-3-imageGen' }, { name: 'me.png', data: await pictureBytes(20, 20) });
    const uploaded = (await (
      await fetch(`${stack.t.url}/api/ask/files/upload`, { method: 'POST', headers: { 'content-type': form.contentType, authorization: alice.headers.authorization! }, body: new Uint8Array(form.body) })
    ).json()) as UploadedFile;
    grok.enqueue({ imageBase64: drawn.toString('base64') });
    const response = await stack.post(alice, '/api/ask/grok', { endpoint: 'grok', model: 'grok-3-imageGen', conversationId: null, text: 'add a hat', files: [{ id: uploaded.id }] });
    const final = finalOf(await readSse(response));
    expect(final.requestMessage.filesname).toEqual(['me.png']);
    expect(final.responseMessage.text).toMatch(fileLink);

    const edit = grok.requests.find((r) => r.path.endsWith('/images/edits'))!;
    expect(edit.body).toMatchObject({ prompt: 'add a hat', image: { type: 'image_url', url: expect.stringMatching(/^data:image\/png;base64,/) } });
  });
});
