import { ProviderError, classifyUpstreamFailure } from '../../../../providers/provider-error.ts';
import { trimSlash } from '../../../../providers/sampling.ts';
import type { CanonicalChunk, CanonicalCompletion, CanonicalRequest } from '../canonical.ts';
import { openUpstream, parseFrame, readFrames, readJson, type UpstreamAddress } from '../upstream-call.ts';
import { AnthropicStreamError, AnthropicStreamReader } from './anthropic-stream-reader.ts';
import type { AnthropicEvent, AnthropicResponse } from './anthropic-types.ts';
import { fromAnthropicResponse } from './from-anthropic-response.ts';
import { toAnthropicRequest } from './to-anthropic-request.ts';

const anthropicApiVersion = '2023-06-01';

/**
 * The Messages address of an Anthropic account (`baseURL` ends in `/v1`, as the provider's
 * does), signed with its key; `headers` adds the caller's `anthropic-version` / `anthropic-beta`
 * when the body is passed through.
 */
export function anthropicTarget(baseURL: string | undefined, apiKey: string, path = '/messages', headers: Record<string, string> = {}): UpstreamAddress {
  return {
    url: `${trimSlash(baseURL ?? 'https://api.anthropic.com/v1')}${path}`,
    headers: { 'x-api-key': apiKey, 'anthropic-version': anthropicApiVersion, ...headers },
  };
}

const now = () => Math.floor(Date.now() / 1000);

/** An `event: error` in the stream as the ProviderError its type classifies to. */
function streamFailure(error: AnthropicStreamError): ProviderError {
  const body = JSON.stringify({ type: 'error', error: error.error });
  return new ProviderError(classifyUpstreamFailure(undefined, body), body);
}

/**
 * A Chat Completions request answered by a Claude model: translated, sent, and its stream read
 * back as chunks, the last one the usage.
 */
export async function* anthropicChunks(target: UpstreamAddress, request: CanonicalRequest, model: string, signal: AbortSignal): AsyncGenerator<CanonicalChunk> {
  const answer = await openUpstream(target, { ...toAnthropicRequest(request, model), stream: true }, signal);
  let finished = false;
  try {
    const reader = new AnthropicStreamReader(model, now());
    for await (const frame of readFrames(answer)) {
      for (const chunk of reader.read(parseFrame<AnthropicEvent>(frame.data))) yield chunk;
    }
    yield reader.usageChunk();
    finished = true;
  } catch (error) {
    if (error instanceof AnthropicStreamError) throw streamFailure(error);
    throw error;
  } finally {
    if (!finished) answer.close();
  }
}

/** A Chat Completions request answered whole by a Claude model. */
export async function anthropicCompletion(target: UpstreamAddress, request: CanonicalRequest, model: string, signal: AbortSignal): Promise<CanonicalCompletion> {
  const answer = await openUpstream(target, toAnthropicRequest({ ...request, stream: false }, model), signal);
  return fromAnthropicResponse(await readJson<AnthropicResponse>(answer), now());
}
