import { describe, expect, it } from 'vitest';
import { APICallError } from 'ai';
import { classifyUpstreamFailure, toProviderError } from './provider-error.ts';

describe('upstream failure classification', () => {
  it('maps 401 and 403 to invalid_api_key, and Gemini\'s 400 API_KEY_INVALID too', () => {
    expect(classifyUpstreamFailure(401)).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(403, '{"error":{"message":"Permission denied"}}')).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(400, '{"error":{"details":[{"reason":"API_KEY_INVALID"}]}}')).toBe('invalid_api_key');
  });

  it('tells an exhausted balance from a rate limit', () => {
    expect(classifyUpstreamFailure(429, '{"error":{"code":"insufficient_quota"}}')).toBe('insufficient_quota');
    expect(classifyUpstreamFailure(400, 'Your credit balance is too low to access the Anthropic API.')).toBe('insufficient_quota');
    expect(classifyUpstreamFailure(403, "Your team doesn't have any credits yet.")).toBe('insufficient_quota');
    expect(classifyUpstreamFailure(402, 'Insufficient Balance')).toBe('insufficient_quota');
    // Google words every 429 with "check quota"; without a billing context it is a rate limit.
    expect(classifyUpstreamFailure(429, 'Resource has been exhausted (e.g. check quota).')).toBe('message_limit');
  });

  it('maps 5xx, overload, other 4xx and network failures to upstream_error', () => {
    expect(classifyUpstreamFailure(500)).toBe('upstream_error');
    expect(classifyUpstreamFailure(529, 'Overloaded')).toBe('upstream_error');
    expect(classifyUpstreamFailure(400, 'bad request')).toBe('upstream_error');
    expect(classifyUpstreamFailure(undefined)).toBe('upstream_error');
    expect(toProviderError(new TypeError('fetch failed')).code).toBe('upstream_error');
  });

  it('keeps the upstream body and status for the logs', () => {
    const error = toProviderError(
      new APICallError({ message: 'Unauthorized', url: 'x', requestBodyValues: {}, statusCode: 401, responseBody: '{"error":"nope"}' }),
    );
    expect(error).toMatchObject({ code: 'invalid_api_key', upstreamStatus: 401, upstreamMessage: '{"error":"nope"}' });
  });
});
