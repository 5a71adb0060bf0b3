import type { ChatCompletionRequest, EmbeddingsRequest, ImageGenerationRequest } from '@parley/core';
import type { UpstreamTarget } from '../upstream-target.ts';

/** How one upstream call hands its answer back to the gateway. */
export interface ChatCallIo {
  signal: AbortSignal;
  /**
   * A streamed call's chunks, each the JSON text of one canonical `chat.completion.chunk`, in
   * order; `[DONE]` is not one. The gateway reads usage and output from them and hands them to
   * the inbound dialect.
   */
  onChunk(json: string): void;
}

/** A finished upstream call. */
export interface ChatUpstreamResult {
  /** A call that was not streamed: the JSON text of its canonical `chat.completion`. */
  completionJson?: string;
}

/**
 * An upstream API the gateway can call with a canonical (Chat Completions) request. An adapter
 * turns the request into its API's, and its API's answer into canonical chunks or one
 * completion; failures are thrown as ProviderErrors (`providers/provider-error.ts`).
 */
export interface ChatAdapter {
  chat(target: UpstreamTarget, request: ChatCompletionRequest, io: ChatCallIo): Promise<ChatUpstreamResult>;
}

/** An upstream that also draws pictures and embeds text, with OpenAI's request and answer shapes. */
export interface MediaAdapter {
  /** The JSON text of the upstream's answer, in OpenAI's shape. */
  images(target: UpstreamTarget, request: ImageGenerationRequest, signal: AbortSignal): Promise<string>;
  embeddings(target: UpstreamTarget, request: EmbeddingsRequest, signal: AbortSignal): Promise<string>;
}
