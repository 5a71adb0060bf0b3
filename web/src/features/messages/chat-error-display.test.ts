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

  it("shows the provider's rate limit as 'busy', not as Parley's message limit", () => {
    expect(chatErrorDisplay(t, '{"type":"upstream_rate_limited"}').text).toMatch(/busy/);
    expect(chatErrorDisplay(t, '{"type":"upstream_rate_limited"}').text).not.toBe(en.errors.message_limit);
  });

  it("says whose key ran out of credit: the service's or the user's own", () => {
    expect(chatErrorDisplay(t, '{"type":"upstream_out_of_credit","key":"server"}').text).toBe(en.errors.upstream_out_of_credit_server);
    expect(chatErrorDisplay(t, '{"type":"upstream_out_of_credit","key":"user"}').text).toBe(en.errors.upstream_out_of_credit_user);
  });

  it('says which quota refused the call: a key with N left for a model costing M, the free day spent, a model free calls do not cover, an expired key', () => {
    const quota = (details: Record<string, unknown>) => chatErrorDisplay(t, JSON.stringify({ type: 'insufficient_quota', ...details })).text;
    expect(quota({ reason: 'quota', cost: 10, remaining: 3 })).toBe('Your key has 3 quota left, and this model costs 10 a message. Top up to keep using it, or pick a cheaper model.');
    expect(quota({ reason: 'free_allowance', remaining: 0 })).toBe(en.errors.insufficient_quota_free_allowance);
    expect(quota({ reason: 'model_not_free', cost: 10 })).toBe('Free messages cover only models that cost 1 a message, and this one costs 10. Pick a 1-cost model, or get a key.');
    expect(quota({ reason: 'key_expired', cost: 1 })).toBe(en.errors.insufficient_quota_key_expired);
    // None of them is the old "default key" text; an unknown reason falls back to it.
    for (const reason of ['quota', 'free_allowance', 'model_not_free', 'key_expired']) expect(quota({ reason })).not.toBe(en.errors.insufficient_quota);
    expect(quota({ reason: 'something-new' })).toBe(en.errors.insufficient_quota);
  });

  it("names the model's context limit, written the reader's way, and what to do", () => {
    const text = chatErrorDisplay(t, '{"type":"context_too_long","limit":1050000,"model":"gpt-6.1-terra"}').text;
    expect(text).toContain('1,050,000 tokens');
    expect(text).toMatch(/new branch.*fewer files/);
    expect(chatErrorDisplay(t, '{"type":"context_too_long"}').text).toBe(en.errors.context_too_long_unknown);
  });

  it('tells a misconfigured service apart from a key the user should set', () => {
    const text = chatErrorDisplay(t, '{"type":"service_misconfigured"}').text;
    expect(text).toMatch(/misconfigured/);
    expect(text).not.toMatch(/Set Token/);
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

describe('a human check the provider asked for', () => {
  it('is named by its kind, never shown as the page', () => {
    expect(chatErrorDisplay(t, JSON.stringify({ type: 'upstream_challenge', message: 'x', challenge: 'cloudflare' })).text).toBe(en.errors.upstream_challenge_cloudflare);
    expect(chatErrorDisplay(t, JSON.stringify({ type: 'upstream_challenge', message: 'x', challenge: 'unusual_activity' })).text).toBe(en.errors.upstream_challenge_unusual_activity);
    expect(chatErrorDisplay(t, JSON.stringify({ type: 'upstream_challenge', message: 'x' })).text).toBe(en.errors.upstream_challenge);
  });
});
