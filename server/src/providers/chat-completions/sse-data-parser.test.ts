import { describe, expect, it } from 'vitest';
import { SseDataParser } from './sse-data-parser.ts';

function parse(pieces: string[], end = true): string[] {
  const parser = new SseDataParser();
  const out: string[] = [];
  for (const piece of pieces) parser.push(piece, (data) => out.push(data));
  if (end) parser.end((data) => out.push(data));
  return out;
}

describe('SseDataParser', () => {
  it('dispatches each event at its blank line', () => {
    expect(parse(['data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n'])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('joins an event split anywhere across pieces, one character at a time too', () => {
    const text = 'data: {"content":"héllo"}\n\ndata: two\n\n';
    expect(parse([...text])).toEqual(['{"content":"héllo"}', 'two']);
  });

  it('accepts CRLF and lone CR line ends, even a CRLF split between pieces', () => {
    expect(parse(['data: one\r', '\n\r\ndata: two\r\rdata: three\n\n'])).toEqual(['one', 'two', 'three']);
  });

  it('joins multi-line data with LF and strips only one leading space', () => {
    expect(parse(['data: first\ndata:  second\ndata:third\ndata\n\n'])).toEqual(['first\n second\nthird\n']);
  });

  it('skips comments, other fields and events without data', () => {
    expect(parse([': ping\n\nevent: message\nid: 7\nretry: 10\ndata: x\n\nevent: empty\n\n'])).toEqual(['x']);
  });

  it('does not take fields that only begin with "data" as data', () => {
    expect(parse(['database: no\ndata: yes\n\n'])).toEqual(['yes']);
  });

  it('dispatches a last event that the body ended without a blank line', () => {
    expect(parse(['data: tail'])).toEqual(['tail']);
    expect(parse(['data: tail'], false)).toEqual([]);
  });
});
