import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest, ChatContentPart, ChatFinishReason, ChatMessage, ChatTool, ChatUsage } from '@parley/core';

/**
 * The canonical (OpenAI Chat Completions) shapes of core's gateway contract, under the names the
 * translators use: every dialect is translated into these, every upstream adapter starts from them.
 */
export type CanonicalRequest = ChatCompletionRequest;
export type CanonicalMessage = ChatMessage;
export type CanonicalAssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;
export type CanonicalPart = ChatContentPart;
/** A part of any message's content: an assistant's may be a refusal. */
export type CanonicalAnyPart = ChatContentPart | { type: 'refusal'; refusal: string };
export type CanonicalTool = ChatTool;
export type CanonicalToolChoice = NonNullable<ChatCompletionRequest['tool_choice']>;
export type CanonicalToolCall = NonNullable<ChatCompletion['choices'][number]['message']['tool_calls']>[number];
export type CanonicalFinishReason = ChatFinishReason;
export type CanonicalUsage = ChatUsage;
export type CanonicalChunk = ChatCompletionChunk;
export type CanonicalCompletion = ChatCompletion;
