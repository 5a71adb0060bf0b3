import { describe, expect, it } from 'vitest';
import { APICallError } from 'ai';
import { classifyUpstreamFailure, httpFailure, toProviderError } from './provider-error.ts';
import { retryAfterMs } from './retry-after.ts';

const openAI = (code: string | null, type: string) => JSON.stringify({ error: { message: 'whatever the words', type, param: null, code } });
const anthropic = (type: string) => JSON.stringify({ type: 'error', error: { type, message: 'whatever the words' } });
const google = (status: string, details: object[] = []) => JSON.stringify({ error: { code: 0, message: 'whatever', status, details } });
const rpc = (type: string, fields: object = {}) => ({ '@type': `type.googleapis.com/google.rpc.${type}`, ...fields });
const xai = (code: string, error: string) => JSON.stringify({ code, error });

describe('upstream failure classification by structured fields', () => {
  it('reads OpenAI error.code before the status: quota, rate limit, key, region, content filter', () => {
    expect(classifyUpstreamFailure(429, openAI('insufficient_quota', 'insufficient_quota'))).toBe('upstream_out_of_credit');
    expect(classifyUpstreamFailure(429, openAI('rate_limit_exceeded', 'requests'))).toBe('upstream_rate_limited');
    expect(classifyUpstreamFailure(400, openAI('context_length_exceeded', 'invalid_request_error'))).toBe('context_too_long');
    expect(classifyUpstreamFailure(401, openAI('invalid_api_key', 'invalid_request_error'))).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(403, openAI('unsupported_country_region_territory', 'request_forbidden'))).toBe('upstream_forbidden');
    // Azure: a prompt its content filter refused.
    expect(classifyUpstreamFailure(400, JSON.stringify({ error: { code: 'content_filter', innererror: { code: 'ResponsibleAIPolicyViolation' } } }))).toBe('content_filtered');
    // The words do not count: a quota message on a rate-limit code stays a rate limit.
    expect(classifyUpstreamFailure(429, JSON.stringify({ error: { message: 'You exceeded your current quota', code: 'rate_limit_exceeded' } }))).toBe('upstream_rate_limited');
  });

  it('reads Anthropic error.type', () => {
    expect(classifyUpstreamFailure(401, anthropic('authentication_error'))).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(403, anthropic('permission_error'))).toBe('upstream_forbidden');
    expect(classifyUpstreamFailure(403, anthropic('forbidden'))).toBe('upstream_forbidden');
    expect(classifyUpstreamFailure(400, anthropic('billing_error'))).toBe('upstream_out_of_credit');
    expect(classifyUpstreamFailure(429, anthropic('rate_limit_error'))).toBe('upstream_rate_limited');
    expect(classifyUpstreamFailure(529, anthropic('overloaded_error'))).toBe('upstream_overloaded');
    expect(classifyUpstreamFailure(400, anthropic('invalid_request_error'))).toBe('upstream_error');
  });

  it('reads Gemini error.status and google.rpc details: RetryInfo makes RESOURCE_EXHAUSTED a rate limit', () => {
    expect(classifyUpstreamFailure(429, google('RESOURCE_EXHAUSTED', [rpc('QuotaFailure'), rpc('RetryInfo', { retryDelay: '23s' })]))).toBe('upstream_rate_limited');
    expect(classifyUpstreamFailure(429, google('RESOURCE_EXHAUSTED', [rpc('QuotaFailure')]))).toBe('upstream_out_of_credit');
    expect(classifyUpstreamFailure(400, google('INVALID_ARGUMENT', [rpc('ErrorInfo', { reason: 'API_KEY_INVALID' })]))).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(400, google('FAILED_PRECONDITION'))).toBe('upstream_forbidden');
    expect(classifyUpstreamFailure(403, google('PERMISSION_DENIED', [rpc('ErrorInfo', { reason: 'CONSUMER_SUSPENDED' })]))).toBe('upstream_forbidden');
    expect(classifyUpstreamFailure(503, google('UNAVAILABLE'))).toBe('upstream_overloaded');
    expect(classifyUpstreamFailure(400, google('INVALID_ARGUMENT'))).toBe('upstream_error');
  });

  it("reads xAI's flat body: 400 bad key, 403 no credits, 403 other refusals", () => {
    expect(classifyUpstreamFailure(400, xai('Client specified an invalid argument', 'Incorrect API key provided: xa***ab.'))).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(400, xai('Client specified an invalid argument', 'Unknown field foo'))).toBe('upstream_error');
    expect(classifyUpstreamFailure(403, xai('The caller does not have permission to execute the specified operation', "Your newly created team doesn't have any credits yet."))).toBe('upstream_out_of_credit');
    expect(classifyUpstreamFailure(403, xai('The caller does not have permission to execute the specified operation', 'Access from your region is not permitted.'))).toBe('upstream_forbidden');
  });

  it('falls back to the HTTP status where the body says nothing', () => {
    expect(classifyUpstreamFailure(401)).toBe('invalid_api_key');
    expect(classifyUpstreamFailure(402, 'Insufficient Balance')).toBe('upstream_out_of_credit');
    expect(classifyUpstreamFailure(403, 'Forbidden')).toBe('upstream_forbidden');
    expect(classifyUpstreamFailure(429)).toBe('upstream_rate_limited');
    expect(classifyUpstreamFailure(503)).toBe('upstream_overloaded');
    expect(classifyUpstreamFailure(500)).toBe('upstream_error');
    expect(classifyUpstreamFailure(undefined)).toBe('upstream_error');
    expect(toProviderError(new TypeError('fetch failed')).code).toBe('upstream_error');
  });

  it("tells Anthropic's monthly spend limit (a 429 rate_limit_error) from a rate limit: no wait lifts it", () => {
    const spend = JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: "This request would exceed your account's monthly spend limit. Please try again later." } });
    expect(classifyUpstreamFailure(429, spend)).toBe('upstream_out_of_credit');
    expect(classifyUpstreamFailure(429, xai('Too many requests', 'Your team has reached its monthly spending limit.'))).toBe('upstream_out_of_credit');
  });

  it("names a prompt past the model's context in each provider's words", () => {
    const anthropicTooLong = JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 208310 tokens > 200000 maximum' } });
    const geminiTooLong = JSON.stringify({ error: { code: 400, message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).', status: 'INVALID_ARGUMENT' } });
    const deepseekTooLong = openAI('invalid_request_error', 'invalid_request_error').replace('whatever the words', "This model's maximum context length is 131072 tokens. However, you requested 140000 tokens.");
    const xaiTooLong = xai('Client specified an invalid argument', "This model's maximum prompt length is 131072 but the request contains 150000 tokens.");
    for (const body of [anthropicTooLong, geminiTooLong, deepseekTooLong, xaiTooLong]) expect(classifyUpstreamFailure(400, body), body).toBe('context_too_long');
  });

  it('reads the wait a refusal asks for: retry-after-ms, retry-after seconds or date, Google RetryInfo', () => {
    const at = (headers: Record<string, string>, body = '') => httpFailure(429, body, 'x', headers).retryAfterMs;
    expect(at({ 'retry-after-ms': '1500', 'retry-after': '2' })).toBe(1500);
    expect(at({ 'retry-after': '2' })).toBe(2000);
    expect(at({ 'retry-after': new Date(Date.now() + 60_000).toUTCString() })).toBeGreaterThan(50_000);
    expect(at({}, google('RESOURCE_EXHAUSTED', [rpc('RetryInfo', { retryDelay: '1.5s' })]))).toBe(1500);
    expect(at({})).toBeUndefined();
    expect(httpFailure(429, '', 'x', new Headers({ 'retry-after': '4' })).retryAfterMs).toBe(4000);
  });

  it('classifies an error event sent inside a stream by its type', () => {
    expect(toProviderError({ type: 'overloaded_error', message: 'Overloaded' }).code).toBe('upstream_overloaded');
  });

  it('maps a model the upstream does not know to model_not_found, by status or structured error', () => {
    expect(classifyUpstreamFailure(404, '{"error":{"message":"The model `gpt-9` does not exist","type":"invalid_request_error","code":"model_not_found"}}')).toBe('model_not_found');
    expect(classifyUpstreamFailure(400, '{"error":{"code":"model_not_found","message":"x"}}')).toBe('model_not_found');
    expect(classifyUpstreamFailure(404, '{"type":"error","error":{"type":"not_found_error","message":"model: claude-1"}}')).toBe('model_not_found');
    expect(classifyUpstreamFailure(400, '{"error":{"code":404,"message":"models/chat-bison is not found","status":"NOT_FOUND"}}')).toBe('model_not_found');
    expect(classifyUpstreamFailure(400, '{"error":{"code":"invalid_value","message":"model_not_found is a word here"}}')).toBe('upstream_error');
    expect(classifyUpstreamFailure(404, '{"error":{"code":"DeploymentNotFound","message":"The API deployment for this resource does not exist."}}')).toBe('model_not_found');
    expect(classifyUpstreamFailure(404, '{"code":"Some requested entity was not found","error":"The model grok-9 does not exist"}')).toBe('model_not_found');
    // DeepSeek: a generic 400 whose message alone names the unknown model.
    expect(classifyUpstreamFailure(400, '{"error":{"message":"Model Not Exist","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}')).toBe('model_not_found');
    expect(classifyUpstreamFailure(400, '{"error":{"message":"Invalid max_tokens","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}')).toBe('upstream_error');
  });

  it('keeps the upstream body and status for the logs', () => {
    const error = toProviderError(
      new APICallError({ message: 'Unauthorized', url: 'x', requestBodyValues: {}, statusCode: 401, responseBody: '{"error":"nope"}' }),
    );
    expect(error).toMatchObject({ code: 'invalid_api_key', upstreamStatus: 401, upstreamMessage: '{"error":"nope"}' });
  });

  it('reads how long a 429 asks to wait: retry-after-ms, seconds or an HTTP date, capped at an hour', () => {
    const headers = (values: Record<string, string>) => values;
    const now = Date.parse('2026-11-27T08:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': '30' }), '', now)).toBe(30_000);
    expect(retryAfterMs(headers({ 'retry-after-ms': '1500', 'retry-after': '2' }), '', now)).toBe(1500);
    expect(retryAfterMs(headers({ 'retry-after': 'Fri, 27 Nov 2026 08:01:00 GMT' }), '', now)).toBe(60_000);
    expect(retryAfterMs(headers({ 'retry-after': '999999' }), '', now)).toBe(3_600_000);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), '', now)).toBeUndefined();
    expect(retryAfterMs(headers({}), '', now)).toBeUndefined();
    const error = toProviderError(
      new APICallError({ message: 'Too many', url: 'x', requestBodyValues: {}, statusCode: 429, responseHeaders: { 'retry-after': '7' }, responseBody: '{}' }),
    );
    expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 7000 });
  });
});
