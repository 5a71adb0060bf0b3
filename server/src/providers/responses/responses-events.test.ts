import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error.ts';
import { ResponsesEvents, sourcesMarkdown } from './responses-events.ts';

describe('ResponsesEvents', () => {
  it('reads summaries as reasoning, text as text, and ends with sources, usage and finish', () => {
    const events = new ResponsesEvents();
    expect(events.read({ type: 'response.created', response: { model: 'gpt-6.1-terra-2026-09-01', status: 'in_progress' } })).toEqual([{ type: 'model', id: 'gpt-6.1-terra-2026-09-01' }]);
    expect(events.read({ type: 'response.reasoning_summary_text.delta', delta: 'hm' })).toEqual([{ type: 'reasoning', delta: 'hm' }]);
    expect(events.read({ type: 'response.output_text.delta', delta: 'Hi' })).toEqual([{ type: 'text', delta: 'Hi' }]);
    expect(events.read({ type: 'response.output_text.annotation.added', annotation: { type: 'url_citation', url: 'https://a.example/', title: 'A' } })).toEqual([]);
    expect(events.finished).toBe(false);
    const end = events.read({ type: 'response.completed', response: { status: 'completed', usage: { input_tokens: 2, output_tokens: 3 }, citations: ['https://a.example/', 'https://b.example/x'] } });
    expect(end).toEqual([
      { type: 'text', delta: '\n\n---\n\n1. [A](https://a.example/)\n2. [https://b.example/x](https://b.example/x)' },
      { type: 'usage', promptTokens: 2, completionTokens: 3 },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(events.finished).toBe(true);
  });

  it('finishes an answer cut at max_output_tokens as length, and a filtered one as content_filtered', () => {
    expect(new ResponsesEvents().read({ type: 'response.incomplete', response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } } })).toEqual([
      { type: 'finish', reason: 'length' },
    ]);
    expect(() => new ResponsesEvents().read({ type: 'response.incomplete', response: { status: 'incomplete', incomplete_details: { reason: 'content_filter' } } })).toThrow(
      expect.objectContaining({ code: 'content_filtered' }),
    );
  });

  it('throws failures classified by their code', () => {
    const failed = () => new ResponsesEvents().read({ type: 'response.failed', response: { error: { code: 'rate_limit_exceeded', message: 'slow down' } } });
    expect(failed).toThrow(ProviderError);
    expect(failed).toThrow(expect.objectContaining({ code: 'upstream_rate_limited' }));
    expect(() => new ResponsesEvents().read({ type: 'error', code: 'server_error', message: 'oops' })).toThrow(expect.objectContaining({ code: 'upstream_error' }));
  });

  it('sets the sources off with a rule and numbers, in no language: the stored reply is read in any', () => {
    const markdown = sourcesMarkdown([{ url: 'https://a.example/', title: 'A' }, { url: 'https://b.example/' }]);
    expect(markdown.startsWith('\n\n---\n\n1. ')).toBe(true);
    expect(markdown.replace(/\[[^\]]*\]\([^)]*\)/g, '')).not.toMatch(/\p{L}/u);
  });

  it('keeps only http(s) sources and cannot be broken out of its markdown link', () => {
    expect(sourcesMarkdown([])).toBe('');
    expect(sourcesMarkdown([{ url: 'https://e.example/a)b', title: 'x] [y' }])).toBe('\n\n---\n\n1. [x y](https://e.example/a%29b)');
    const events = new ResponsesEvents();
    events.read({ type: 'response.output_text.annotation.added', annotation: { url: 'javascript:alert(1)' } });
    expect(events.read({ type: 'response.completed', response: { status: 'completed' } })).toEqual([{ type: 'finish', reason: 'stop' }]);
  });
});
