import type { AnthropicMessagesRequest, GeminiGenerateRequest, ResponsesRequest } from '@parley/core';

/**
 * The text a passed-through request sends (for the hold's token estimate, as `promptTextOf` is
 * for Chat Completions): text, tool inputs and results, tool definitions; not picture bytes.
 */
function textsOf(value: unknown, out: string[]) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      // Base64 media and signatures are not text the model reads as tokens of prose.
      if (key === 'data' || key === 'signature' || key === 'thoughtSignature' || key === 'image_url' || key === 'file_data' || key === 'type' || key === 'role') continue;
      textsOf(inner, out);
    }
  }
}

const joined = (...values: unknown[]) => {
  const out: string[] = [];
  for (const value of values) textsOf(value, out);
  return out.join('\n');
};

export const anthropicPromptText = (body: AnthropicMessagesRequest) => joined(body.system, body.messages, body.tools);
export const geminiPromptText = (body: GeminiGenerateRequest) => joined(body.systemInstruction, body.contents, body.tools);
export const responsesPromptText = (body: ResponsesRequest) => joined(body.instructions, body.input, body.tools);
