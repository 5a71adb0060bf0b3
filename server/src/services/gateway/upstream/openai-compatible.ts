import type { Readable } from 'node:stream';
import { type ChatCompletionRequest, type EmbeddingsRequest, type ImageGenerationRequest } from '@parley/core';
import { bodyText, readSseData } from '../../../providers/chat-completions/upstream-request.ts';
import { ProviderError, toProviderError } from '../../../providers/provider-error.ts';
import type { UpstreamTarget } from '../upstream-target.ts';
import { compatibleRequest, postCompatible, readAnswer, type CompatiblePath } from './openai-compatible-call.ts';
import type { ChatAdapter, ChatCallIo, MediaAdapter } from './types.ts';

/**
 * The request as it came, with the least change: the model named as upstream knows it, the
 * alias's own reasoning effort when the caller set none, and usage asked for on a stream (the
 * call is charged by it; the gateway drops the usage chunk again for a caller that did not ask).
 */
function upstreamBody(target: UpstreamTarget, sentModel: string, request: ChatCompletionRequest): string {
  const effort = request.reasoning_effort ?? target.aliasOptions.reasoningEffort;
  const streamOptions = request.stream ? { stream_options: { ...request.stream_options, include_usage: true } } : {};
  return JSON.stringify({ ...request, model: sentModel, ...(effort ? { reasoning_effort: effort } : {}), ...streamOptions });
}

/** A server that ignored `stream: true` answered one completion: it becomes one chunk. */
function completionAsChunk(text: string): string {
  const completion = JSON.parse(text) as { choices?: { index?: number; message?: unknown; finish_reason?: unknown }[] } & Record<string, unknown>;
  const choices = (completion.choices ?? []).map((c) => ({ index: c.index ?? 0, delta: c.message, finish_reason: c.finish_reason ?? null }));
  return JSON.stringify({ ...completion, object: 'chat.completion.chunk', choices });
}

/**
 * Relays a Chat Completions stream: each `data:` event is handed on as the text it came as, with
 * no JSON parse or re-serialisation here; the parser slices each line once. The body is read
 * from its `data` events: an async iterator over it cost a few promise turns per piece.
 */
function relayStream(body: Readable, io: ChatCallIo): Promise<void> {
  let done = false;
  return new Promise((resolve, reject) =>
    readSseData(
      body,
      (data) => {
        if (done) return;
        if (data === '[DONE]') done = true;
        else io.onChunk(data);
      },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}

async function call<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (signal.aborted) throw new ProviderError('upstream_error', 'the caller went away');
    throw toProviderError(error);
  }
}

/** OpenAI, Azure OpenAI, DeepSeek, xAI and any server speaking Chat Completions: the request passes through. */
export const openAICompatibleAdapter: ChatAdapter & MediaAdapter = {
  chat(target, request, io) {
    return call(async () => {
      const upstream = compatibleRequest(target, 'chat/completions');
      const { response, destroy } = await postCompatible(upstream, upstreamBody(target, upstream.sentModel, request), io.signal);
      try {
        const streamed = String(response.headers['content-type'] ?? '').includes('text/event-stream');
        if (!request.stream) return { completionJson: await readAnswer(response) };
        if (streamed) await relayStream(bodyText(response), io);
        else io.onChunk(completionAsChunk(await readAnswer(response)));
        return {};
      } finally {
        // A caller that left (or a read that failed) must not leave the reply running upstream.
        if (!response.complete) destroy();
      }
    }, io.signal);
  },
  images: (target, request, signal) => media(target, 'images/generations', request, signal),
  embeddings: (target, request, signal) => media(target, 'embeddings', request, signal),
};

function media(target: UpstreamTarget, path: CompatiblePath, request: ImageGenerationRequest | EmbeddingsRequest, signal: AbortSignal): Promise<string> {
  return call(async () => {
    const upstream = compatibleRequest(target, path);
    const { response } = await postCompatible(upstream, JSON.stringify({ ...request, model: upstream.sentModel }), signal);
    return readAnswer(response);
  }, signal);
}
