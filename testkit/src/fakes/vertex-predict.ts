import { echoChunks, type FakeReply } from './fake-server.ts';

interface PredictInstance {
  prompt?: string;
  context?: string;
  messages?: { author?: string; content?: string }[];
}

const safetyAttributes = { categories: [], blocked: false, scores: [] };

/**
 * The PaLM `:predict` response: chat models (instances with `messages`) answer `candidates`
 * of `{author, content}`; text models (instances with `prompt`) answer `content`.
 */
export function predict(body: unknown, reply: FakeReply) {
  const instance = ((body as { instances?: PredictInstance[] })?.instances ?? [])[0] ?? {};
  const isChat = Array.isArray(instance.messages);
  const lastUser = isChat ? instance.messages!.at(-1)?.content : instance.prompt;
  const text = (reply.chunks ?? echoChunks(lastUser)).join('');
  const inputTokens = reply.usage?.promptTokens ?? 8;
  const outputTokens = reply.usage?.completionTokens ?? text.split(/\s+/).length;
  const prediction = isChat
    ? { candidates: [{ author: '1', content: text }], citationMetadata: [{ citations: [] }], safetyAttributes: [safetyAttributes] }
    : { content: text, citationMetadata: { citations: [] }, safetyAttributes };
  return {
    predictions: [prediction],
    metadata: {
      tokenMetadata: {
        inputTokenCount: { totalTokens: inputTokens, totalBillableCharacters: inputTokens * 4 },
        outputTokenCount: { totalTokens: outputTokens, totalBillableCharacters: text.length },
      },
    },
  };
}
