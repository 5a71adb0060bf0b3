import type { SseEvent } from '@parley/core';
import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '../types.ts';
import { ConversationStream } from './conversation-stream.ts';

const delta = (data: unknown): SseEvent => ({ event: 'delta', id: null, data: JSON.stringify(data) });
const plain = (data: unknown): SseEvent => ({ event: 'message', id: null, data: typeof data === 'string' ? data : JSON.stringify(data) });
const answer = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  message: { id, author: { role: 'assistant' }, recipient: 'all', content: { content_type: 'text', parts: [text] }, status: 'in_progress', metadata: {}, ...extra },
  conversation_id: 'c1',
});
const texts = (events: ChatEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.delta] : []));

function readAll(events: SseEvent[]): ChatEvent[] {
  const reader = new ConversationStream();
  return [...events.flatMap((e) => reader.read(e)), ...reader.end()];
}

describe('ConversationStream: the web back end in either encoding, out as deltas', () => {
  it('keeps a bare {v} appending where the last patch appended, and ignores the echoed question', () => {
    const events = readAll([
      delta({ p: '', o: 'add', v: { message: { id: 'q', author: { role: 'user' }, content: { content_type: 'text', parts: ['Hi'] }, status: 'finished_successfully' }, conversation_id: 'c1' } }),
      delta({ v: answer('a1', '') }),
      delta({ p: '/message/content/parts/0', o: 'append', v: 'Hel' }),
      delta({ v: 'lo' }),
      delta({ p: '', o: 'patch', v: [{ p: '/message/content/parts/0', o: 'append', v: '!' }, { p: '/message/status', o: 'replace', v: 'finished_successfully' }, { p: '/message/end_turn', o: 'replace', v: true }] }),
      plain('[DONE]'),
    ]);
    expect(texts(events)).toEqual(['Hel', 'lo', '!']);
    expect(events).toContainEqual({ type: 'upstream-thread', conversationId: 'c1', messageId: 'a1' });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('starts a second answer message of one turn (after a tool) as a new paragraph, and continues from the last', () => {
    const events = readAll([
      plain(answer('a1', 'Looking')),
      plain({ message: { id: 't1', author: { role: 'tool' }, content: { content_type: 'text', parts: ['results'] } }, conversation_id: 'c1' }),
      plain(answer('a2', 'Found it.', { status: 'finished_successfully', end_turn: true })),
      plain('[DONE]'),
    ]);
    expect(texts(events)).toEqual(['Looking', '\n\n', 'Found it.']);
    expect(events.filter((e) => e.type === 'upstream-thread').at(-1)).toMatchObject({ messageId: 'a2' });
  });

  it('leaves out what only a tool or a hidden message says', () => {
    const events = readAll([
      plain({ message: { id: 'x', author: { role: 'assistant' }, recipient: 'browser', content: { content_type: 'code', text: 'search("x")' } }, conversation_id: 'c1' }),
      plain(answer('a1', 'Done', { status: 'finished_successfully', end_turn: true })),
    ]);
    expect(texts(events)).toEqual(['Done']);
  });

  it('fails a body that ends before its reply finished, and one that never had a reply', () => {
    const cut = new ConversationStream();
    cut.read(plain(answer('a1', 'Half')));
    expect(() => cut.end()).toThrow(/before the reply was finished/);
    const empty = new ConversationStream();
    empty.read(plain('[DONE]'));
    expect(() => empty.end()).toThrow(/without a reply/);
  });

  it('names an error the stream reports, by its code', () => {
    const reader = new ConversationStream();
    expect(() => reader.read(plain({ message: null, conversation_id: 'c1', error: 'Our systems have detected unusual activity coming from your system.' }))).toThrow(
      expect.objectContaining({ code: 'upstream_challenge', details: { challenge: 'unusual_activity' } }),
    );
  });
});
