import type { FakeReply } from './fake-server.ts';
import type { ChatRequestBody } from './openai-requests.ts';
import { thinks } from './upstream-models.ts';

/** Tokens DeepSeek V4 thinks for when the reply scripts no reasoning (its default effort is high). */
const deepSeekDefaultThinkingTokens = 300;

/**
 * DeepSeek's thinking mode (its thinking-mode guide): on by default on the V4 models, off only
 * with `thinking: {type: 'disabled'}`. The chain of thought counts against `max_tokens`, so a
 * small cap spent on thinking leaves the answer empty, cut at `length`.
 */
export function deepSeekThinking(model: string, body: ChatRequestBody, reply: FakeReply): { reasoning: string[]; tokens: number } {
  if (!thinks(model) || body.thinking?.type === 'disabled') return { reasoning: [], tokens: 0 };
  if (reply.reasoning) return { reasoning: reply.reasoning, tokens: reply.reasoning.length };
  return { reasoning: ['Let me think this through before answering.'], tokens: deepSeekDefaultThinkingTokens };
}

/** The answer's chunks that fit in `max_tokens` after the thinking, and whether it was cut. */
export function withinCap(chunks: string[], body: ChatRequestBody, thinkingTokens: number): { chunks: string[]; cut: boolean } {
  if (typeof body.max_tokens !== 'number') return { chunks, cut: false };
  const room = Math.max(0, body.max_tokens - thinkingTokens);
  return { chunks: chunks.slice(0, room), cut: chunks.length > room };
}
