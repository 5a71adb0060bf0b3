import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json' with { type: 'json' };
import { chatErrorDisplay } from './chat-error-display.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

const t = i18next.t.bind(i18next);

describe('chatErrorDisplay (SPEC point 8 chat error texts)', () => {
  it('fills the concurrent text with the limit from the error body', () => {
    const { text } = chatErrorDisplay(t, JSON.stringify({ type: 'concurrent', limit: 2 }));
    expect(text).toBe(
      'Only 2 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
    );
  });

  it('reads `code` like `type` and maps the invalid key error to its localized text', () => {
    expect(chatErrorDisplay(t, '{"code":"invalid_api_key"}').text).toContain('Set Token');
  });

  it('shows token_balance values and its generations block', () => {
    const raw = JSON.stringify({ type: 'token_balance', balance: 5, promptTokens: 10, tokenCost: 20, generations: [{ text: 'x' }] });
    const display = chatErrorDisplay(t, raw);
    expect(display.text).toBe('Insufficient Funds! Balance: 5. Prompt tokens: 10. Cost: 20.');
    expect(display.details).toContain('"text": "x"');
  });

  it('treats the legacy `ban` id as the banned text', () => {
    expect(chatErrorDisplay(t, '{"type":"ban"}').text).toBe(en.errors.banned);
  });

  it('shows an unknown JSON error by its message, and plain text cut to 512 characters', () => {
    expect(chatErrorDisplay(t, '{"type":"weird","message":"upstream said no"}').text).toBe('upstream said no');
    const long = 'x'.repeat(600);
    expect(chatErrorDisplay(t, long).text).toBe(`${'x'.repeat(512)}…`);
  });
});
