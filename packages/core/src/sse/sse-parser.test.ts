import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse-parser.ts';

function events(pieces: string[], end = true): SseEvent[] {
  const out: SseEvent[] = [];
  const parser = new SseParser((event) => out.push(event));
  for (const piece of pieces) parser.push(piece);
  if (end) parser.end();
  return out;
}

const data = (pieces: string[], end = true) => events(pieces, end).map((event) => event.data);

describe('SseParser: data (the upstream Chat Completions stream)', () => {
  it('dispatches each event at its blank line', () => {
    expect(data(['data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n'])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('joins an event split anywhere across pieces, one character at a time too', () => {
    const text = 'data: {"content":"héllo"}\n\ndata: two\n\n';
    expect(data([...text])).toEqual(['{"content":"héllo"}', 'two']);
  });

  it('accepts CRLF and lone CR line ends, even a CRLF split between pieces', () => {
    expect(data(['data: one\r', '\n\r\ndata: two\r\rdata: three\n\n'])).toEqual(['one', 'two', 'three']);
  });

  it('joins multi-line data with LF and strips only one leading space', () => {
    expect(data(['data: first\ndata:  second\ndata:third\ndata\n\n'])).toEqual(['first\n second\nthird\n']);
  });

  it('skips comments, other fields and events without data', () => {
    expect(data([': ping\n\nevent: message\nid: 7\nretry: 10\ndata: x\n\nevent: empty\n\n'])).toEqual(['x']);
  });

  it('does not take fields that only begin with "data" as data', () => {
    expect(data(['database: no\ndata: yes\n\n'])).toEqual(['yes']);
  });

  it('dispatches a last event that the body ended without a blank line', () => {
    expect(data(['data: tail'])).toEqual(['tail']);
    expect(data(['data: tail'], false)).toEqual([]);
  });
});

describe('SseParser: event and id (the chat stream framing)', () => {
  it('separates frames at blank lines and keeps the unfinished tail for the next piece', () => {
    expect(events(['event: message\nid: 1\ndata: {"a":1}\n\nevent: mess'], false)).toEqual([{ event: 'message', id: '1', data: '{"a":1}' }]);
    expect(events(['event: message\nid: 1\ndata: {"a":1}\n\nevent: mess', 'age\nid: 2\ndata: b\n\n'])).toEqual([
      { event: 'message', id: '1', data: '{"a":1}' },
      { event: 'message', id: '2', data: 'b' },
    ]);
  });

  it('skips ping comments and joins multi-line data', () => {
    expect(events([': ping\n\ndata: one\ndata: two\n\n'])).toEqual([{ event: 'message', id: null, data: 'one\ntwo' }]);
  });

  it('reads CRLF line endings like LF', () => {
    expect(events(['event: error\r\ndata: x\r\n\r\n'])).toEqual([{ event: 'error', id: null, data: 'x' }]);
  });

  it("names an event 'message' when it names none, and gives each event only its own id", () => {
    expect(events(['event: error\nid: 4\ndata: 1\n\nevent:\ndata: 2\n\n'])).toEqual([
      { event: 'error', id: '4', data: '1' },
      { event: 'message', id: null, data: '2' },
    ]);
  });

  it('does not take fields that only begin with "event" or "id" as those fields', () => {
    expect(events(['events: no\nidle: no\ndata: x\n\n'])).toEqual([{ event: 'message', id: null, data: 'x' }]);
  });
});
