import { upstreamModel, type CreatedEvent, type Message, type MessageFile } from '@parley/core';
import { everythingMcpServerPath, startStableDiffusionFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, json, startChatStack, type ChatStack, type SseFrame } from '../../test-support/chat-stack.ts';
import { mcpServersFile } from '../../test-support/mcp-servers-file.ts';

type Who = Awaited<ReturnType<ChatStack['t']['signUp']>>;

const fileLink = /!\[image\]\(\/api\/files\/([0-9a-f-]{36})\)/g;

/** Pictures made by tools are files of the conversation's owner, linked by `/api/files/<id>`, never inlined. */
describe('POST /api/ask/gptPlugins: tool images', () => {
  let s: ChatStack;
  let sd: FakeUpstream;
  let alice: Who;
  const model = upstreamModel('gptPlugins', 'gpt-4o').id;

  beforeAll(async () => {
    sd = await startStableDiffusionFake();
    s = await startChatStack('pglite', { MCP_SERVERS_FILE: mcpServersFile({ everything: { command: process.execPath, args: [everythingMcpServerPath, 'stdio'] } }), SD_WEBUI_URL: sd.url });
    alice = await s.t.signUp();
    for (const pluginKey of ['stable-diffusion', 'mcp:everything']) {
      expect((await s.post(alice, '/api/user/plugins', { pluginKey, action: 'install', auth: null })).status).toBe(200);
    }
  });
  afterAll(async () => {
    await s.close();
    await sd.close();
  });

  async function expectStoredPictures(frames: SseFrame[], count: number) {
    const reply = finalOf(frames).responseMessage;
    expect(JSON.stringify(frames)).not.toContain('data:image');
    const ids = [...reply.text.matchAll(fileLink)].map((m) => m[1]!);
    expect(ids).toHaveLength(count);
    expect((reply.files as MessageFile[] | undefined)?.map((f) => f.file_id)).toEqual(ids);
    for (const id of ids) {
      const picture = await s.get(alice, `/api/files/${id}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await picture.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    }
    // A reload (and so an export) reads the same links from the stored reply.
    const { conversationId } = frames[0]!.data as CreatedEvent;
    const stored = (await json<Message[]>(s.get(alice, `/api/messages/${conversationId}`))).at(-1)!;
    expect(stored.text).toBe(reply.text);
    expect(stored.text).not.toContain('data:');
    const bob = await s.t.signUp();
    expect((await s.get(bob, `/api/files/${ids[0]}`)).status).toBe(404);
  }

  it('stable diffusion pictures are stored as the owner\'s files and linked as /api/files/<id>', async () => {
    s.upstream.enqueue({ model, toolCalls: [{ name: 'stable-diffusion', arguments: '{"prompt":"an otter"}' }] }, { model, chunks: ['Here is your otter.'] });
    const { frames } = await s.ask(alice, { endpoint: 'gptPlugins', model: 'gpt-4o', text: 'draw an otter', tools: [{ pluginKey: 'stable-diffusion' }], agentOptions: { agent: 'functions', skipCompletion: true } }, '/api/ask/gptPlugins');
    await expectStoredPictures(frames, 1);
  });

  it('MCP image results are stored the same way', async () => {
    s.upstream.enqueue({ model, toolCalls: [{ name: 'get-tiny-image_mcp_everything', arguments: '{}' }] }, { model, chunks: ['A tiny image.'] });
    const { frames } = await s.ask(alice, { endpoint: 'gptPlugins', model: 'gpt-4o', text: 'show the tiny image', tools: [{ pluginKey: 'mcp:everything' }], agentOptions: { agent: 'functions', skipCompletion: true } }, '/api/ask/gptPlugins');
    await expectStoredPictures(frames, 1);
  });
});
