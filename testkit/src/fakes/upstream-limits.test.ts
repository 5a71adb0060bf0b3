import { describe, expect, it } from 'vitest';
import { contextRefusal, rateLimitHeaders } from './upstream-limits.ts';

describe("the fakes' limits", () => {
  const long = (tokens: number) => ({ messages: [{ role: 'user', content: 'word '.repeat(Math.ceil((tokens * 4) / 5)) }] });

  it("refuses a prompt past the model's window with each service's own 400 body", () => {
    expect(contextRefusal('openai', 'gpt-6-luna', long(1_060_000))).toMatchObject({ status: 400, body: { error: { code: 'context_length_exceeded', param: 'messages' } } });
    expect(contextRefusal('anthropic', 'claude-haiku-4-5', long(210_000))?.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringMatching(/^prompt is too long: \d+ tokens > 200000 maximum$/) } });
    expect(contextRefusal('google', 'gemini-3.7-flash', { contents: [{ parts: [{ text: 'word '.repeat(900_000) }] }] })?.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('exceeds the maximum number of tokens allowed (1048576)') } });
    expect(contextRefusal('xai', 'grok-4.6', long(600_000))?.body).toMatchObject({ error: expect.stringContaining('maximum prompt length is 500000') });
    expect(contextRefusal('openai', 'gpt-6-luna', long(1_000_000))).toBeUndefined();
    // A model the served list does not know (a test's own) holds anything unless the fake was given a window.
    expect(contextRefusal('openai', 'my-finetune', long(2_000_000))).toBeUndefined();
    expect(contextRefusal('openai', 'my-finetune', long(200), 100)).toBeDefined();
  });

  it('counts a picture by a flat sum, not by the length of its base64', () => {
    const picture = 'iVBORw0KGgo'.repeat(100_000);
    const body = { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${picture}` } }] }] };
    expect(contextRefusal('openai', 'gpt-6-luna', body, 2_000)).toBeUndefined();
    expect(contextRefusal('openai', 'gpt-6-luna', body, 1_000)).toBeDefined();
  });

  it('sends retry-after with a rate-limit 429 only', () => {
    expect(rateLimitHeaders({ status: 429 })).toEqual({ 'retry-after': '20' });
    expect(rateLimitHeaders({ status: 429, retryAfter: 2 })).toEqual({ 'retry-after': '2' });
    expect(rateLimitHeaders({ status: 429, quota: true })).toEqual({});
    expect(rateLimitHeaders({ status: 500 })).toEqual({});
  });
});
