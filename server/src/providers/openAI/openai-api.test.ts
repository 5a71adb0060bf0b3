import { describe, expect, it } from 'vitest';
import { openAIApiOf } from './openai-api.ts';

describe('openAIApiOf (OPENAI_API)', () => {
  it('takes the Responses API on api.openai.com and Chat Completions on any other base URL', () => {
    expect(openAIApiOf({}, 'https://api.openai.com/v1')).toBe('responses');
    expect(openAIApiOf({}, 'https://relay.example.com/v1')).toBe('chat');
    expect(openAIApiOf({ settings: {} }, 'http://127.0.0.1:8080/v1')).toBe('chat');
  });

  it("follows the operator's setting either way", () => {
    expect(openAIApiOf({ settings: { openAIApi: 'chat' } }, 'https://api.openai.com/v1')).toBe('chat');
    expect(openAIApiOf({ settings: { openAIApi: 'responses' } }, 'https://relay.example.com/v1')).toBe('responses');
  });
});
