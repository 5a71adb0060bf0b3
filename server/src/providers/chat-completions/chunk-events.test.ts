import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error.ts';
import { ChunkEvents, finishReasonOf } from './chunk-events.ts';

describe('ChunkEvents', () => {
  it('reads text and reasoning deltas and skips role-only and empty chunks', () => {
    const chunks = new ChunkEvents('openai');
    expect(chunks.read({ choices: [{ delta: { role: 'assistant', content: '' } as never, finish_reason: null }] })).toEqual([]);
    expect(chunks.read({ choices: [{ delta: { content: null, reasoning_content: 'hmm' } }] })).toEqual([{ type: 'reasoning', delta: 'hmm' }]);
    expect(chunks.read({ choices: [{ delta: { reasoning: 'still' } }] })).toEqual([{ type: 'reasoning', delta: 'still' }]);
    expect(chunks.read({ choices: [{ delta: { content: 'Hi' } }] })).toEqual([{ type: 'text', delta: 'Hi' }]);
    expect(chunks.read({ choices: [], usage: null })).toEqual([]);
  });

  it('ends with usage then finish, whatever order they arrived in', () => {
    const chunks = new ChunkEvents('openai');
    chunks.read({ choices: [{ delta: {}, finish_reason: 'length' }] });
    chunks.read({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 9 } });
    expect(chunks.finish()).toEqual([
      { type: 'usage', promptTokens: 5, completionTokens: 9 },
      { type: 'finish', reason: 'length' },
    ]);
  });

  it('adds xAI reasoning tokens to the completion count, which xAI reports apart', () => {
    const usage = { prompt_tokens: 1, completion_tokens: 2, completion_tokens_details: { reasoning_tokens: 3 } };
    const xai = new ChunkEvents('xai');
    xai.read({ usage });
    expect(xai.finish()[0]).toEqual({ type: 'usage', promptTokens: 1, completionTokens: 5 });
    const deepseek = new ChunkEvents('deepseek');
    deepseek.read({ usage });
    expect(deepseek.finish()[0]).toEqual({ type: 'usage', promptTokens: 1, completionTokens: 2 });
  });

  it('finishes as other when the upstream never said why it stopped', () => {
    expect(new ChunkEvents('openai').finish()).toEqual([{ type: 'finish', reason: 'other' }]);
  });

  it('throws an error object sent inside the stream', () => {
    const chunks = new ChunkEvents('openai');
    expect(() => chunks.read({ error: { message: 'The server had an error', type: 'server_error' } })).toThrow(ProviderError);
  });

  it('maps Chat Completions finish reasons', () => {
    expect(['stop', 'length', 'content_filter', 'tool_calls', 'function_call', 'weird', null].map(finishReasonOf)).toEqual([
      'stop',
      'length',
      'content-filter',
      'tool-calls',
      'tool-calls',
      'other',
      'other',
    ]);
  });
});
