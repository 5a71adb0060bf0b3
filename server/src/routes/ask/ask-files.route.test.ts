import type { ApiErrorBody, Message, UploadedFile } from '@parley/core';
import { startAnthropicFake, startGoogleFake, type FakeUpstream } from '@parley/testkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, startChatStack, type ChatStack } from '../../test-support/chat-stack.ts';
import { testDatabaseKinds } from '../../test-support/databases.ts';
import { docxBytes, pdfBytes, pictureBytes } from '../../test-support/file-fixtures.ts';
import { multipartBody } from '../../test-support/multipart.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;
type Body = Record<string, unknown>;

/** The request the fake got that carries the user's question (the title call comes after it). */
const chatRequest = (fake: FakeUpstream, question: string) =>
  fake.requests.find((r) => JSON.stringify(r.body).includes(question))!.body as Body;

describe.each(testDatabaseKinds)('files in a chat on %s', (kind) => {
  let stack: ChatStack;
  let anthropic: FakeUpstream;
  let google: FakeUpstream;
  let alice: Who;
  let bob: Who;

  const upload = async (who: Who, name: string, data: Buffer | string, fields: Record<string, string> = { endpoint: 'openAI', model: 'gpt-4o' }) => {
    const form = multipartBody(fields, { name, data });
    const res = await fetch(`${stack.t.url}/api/ask/files/upload`, {
      method: 'POST',
      headers: { 'content-type': form.contentType, authorization: who.headers.authorization! },
      body: new Uint8Array(form.body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as UploadedFile;
  };

  beforeAll(async () => {
    [anthropic, google] = await Promise.all([startAnthropicFake(), startGoogleFake()]);
    stack = await startChatStack(kind, {
      ANTHROPIC_API_KEY: 'sk-ant',
      ANTHROPIC_BASE_URL: `${anthropic.url}/v1`,
      GOOGLE_API_KEY: 'g-key',
      GOOGLE_BASE_URL: google.url,
      OPENAI_FETCH_MODELS: 'false',
      // my-local-model: an offered id the catalog knows nothing of, so it takes no files.
      OPENAI_MODELS: 'gpt-4o,gpt-4o-mini,my-local-model',
      ANTHROPIC_FETCH_MODELS: 'false',
      GOOGLE_FETCH_MODELS: 'false',
      // Only refusals are asked of grok here: no call reaches an upstream.
      GROK_API_KEY: 'xai-key',
      GROK_FETCH_MODELS: 'false',
    });
    [alice, bob] = [await stack.t.signUp(), await stack.t.signUp()];
  });
  afterAll(async () => {
    await stack.close();
    await Promise.all([anthropic.close(), google.close()]);
  });

  it('sends a picture as an image_url part and a document as text to OpenAI, and stores both on the user message', async () => {
    const photo = await upload(alice, 'photo.png', await pictureBytes(64, 32));
    const report = await upload(alice, 'report.docx', docxBytes('Revenue was 42 apples.'));
    const { frames } = await stack.ask(alice, { text: 'What do these show?', files: [{ id: photo.id }, { id: report.id }] });
    const final = finalOf(frames);
    expect(final.requestMessage.files).toEqual([
      { file_id: photo.id, filename: 'photo.png', type: 'image/png', bytes: photo.bytes, width: 64, height: 32 },
      { file_id: report.id, filename: 'report.docx', type: report.type, bytes: report.bytes },
    ]);
    expect(final.requestMessage.filesname).toEqual(['photo.png', 'report.docx']);

    const body = chatRequest(stack.upstream, 'What do these show?') as { messages: { role: string; content: Body[] }[] };
    const [text, image] = body.messages.at(-1)!.content;
    expect(text).toEqual({ type: 'text', text: '[Attached file: report.docx]\nRevenue was 42 apples.\n[End of report.docx]\n\nWhat do these show?' });
    expect(image).toEqual({ type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } });

    // The files stay with the message: reloading the conversation shows them, a follow-up sends them again.
    const messages = (await (await stack.get(alice, `/api/messages/${final.conversation.conversationId}`)).json()) as Message[];
    expect(messages.find((m) => m.isCreatedByUser)!.filesname).toEqual(['photo.png', 'report.docx']);
    await stack.ask(alice, { text: 'And the colour?', conversationId: final.conversation.conversationId, parentMessageId: final.responseMessage.messageId });
    const followUp = chatRequest(stack.upstream, 'And the colour?') as { messages: { content: unknown }[] };
    expect(JSON.stringify(followUp.messages)).toContain('data:image/png;base64,');
  });

  it('sends a large picture to Anthropic as an image block scaled to 1568 px, and a PDF as a document block', async () => {
    const photo = await upload(alice, 'wide.png', await pictureBytes(3000, 1000), { endpoint: 'anthropic', model: 'claude-2' });
    const invoice = await upload(alice, 'invoice.pdf', pdfBytes('Total 17 pears'), { endpoint: 'anthropic', model: 'claude-2' });
    const { frames } = await stack.ask(alice, { endpoint: 'anthropic', model: 'claude-2', text: 'Claude, describe', files: [{ id: photo.id }, { id: invoice.id }] }, '/api/ask/anthropic');
    expect(finalOf(frames).responseMessage.error).toBe(false);

    const body = chatRequest(anthropic, 'Claude, describe') as { messages: { content: { type: string; source?: { media_type: string; data: string } }[] }[] };
    const blocks = body.messages.at(-1)!.content;
    expect(blocks.map((b) => b.type)).toEqual(['image', 'document', 'text']);
    expect(blocks[1]!.source!.media_type).toBe('application/pdf');
    const sent = await sharp(Buffer.from(blocks[0]!.source!.data, 'base64')).metadata();
    expect([sent.width, sent.height]).toEqual([1568, 523]);
  });

  it('sends a picture and a PDF to Gemini as inlineData parts', async () => {
    const photo = await upload(alice, 'cat.jpg', await pictureBytes(40, 40, 'jpeg'), { endpoint: 'google', model: 'chat-bison' });
    const paper = await upload(alice, 'paper.pdf', pdfBytes('Gemini reads PDFs'), { endpoint: 'google', model: 'chat-bison' });
    const { frames } = await stack.ask(alice, { endpoint: 'google', model: 'chat-bison', text: 'Gemini, compare', files: [{ id: photo.id }, { id: paper.id }] }, '/api/ask/google');
    expect(finalOf(frames).responseMessage.error).toBe(false);
    const body = chatRequest(google, 'Gemini, compare') as { contents: { parts: { inlineData?: { mimeType: string } }[] }[] };
    expect(body.contents.at(-1)!.parts.map((p) => p.inlineData?.mimeType ?? 'text')).toEqual(['image/jpeg', 'application/pdf', 'text']);
  });

  it('refuses another user’s file id as not found, and too many files for the endpoint', async () => {
    const mine = await upload(alice, 'mine.png', await pictureBytes(8, 8));
    const { response } = await stack.ask(bob, { text: 'steal', files: [{ id: mine.id }] });
    expect(response.status).toBe(404);

    const second = await upload(alice, 'b.png', await pictureBytes(8, 8), { endpoint: 'grok', model: 'grok-3-imageGen' });
    const grok = await stack.post(alice, '/api/ask/grok', { endpoint: 'grok', model: 'grok-3-imageGen', conversationId: null, text: 'edit', files: [{ id: mine.id }, { id: second.id }] });
    expect(((await grok.json()) as ApiErrorBody).error).toBe('too_many_files');
    const six = Array.from({ length: 6 }, () => ({ id: mine.id }));
    expect((await stack.ask(alice, { text: 'six', files: six })).response.status).toBe(400);
  });

  it('refuses a document on grok, and files on a model that takes none', async () => {
    const notes = await upload(alice, 'notes.txt', 'plain notes');
    const grok = await stack.post(alice, '/api/ask/grok', { endpoint: 'grok', model: 'grok-3-imageGen', conversationId: null, text: 'x', files: [{ id: notes.id }] });
    expect(((await grok.json()) as ApiErrorBody).error).toBe('invalid_file');
    const plain = await stack.ask(alice, { model: 'my-local-model', text: 'x', files: [{ id: notes.id }] });
    expect(((await plain.response.json()) as ApiErrorBody).error).toBe('upload_not_supported');
  });
});
