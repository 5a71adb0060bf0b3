import type { FakeReply } from './fake-server.ts';
import { servedModel } from './served-models.ts';

/** Which service's words a refusal is in. */
export type LimitDialect = 'openai' | 'responses' | 'azure' | 'deepseek' | 'xai' | 'anthropic' | 'google';

/** What a scripted 429 waits for when the test names no `retryAfter`: the services' usual tens of seconds. */
const defaultRetryAfterSeconds = 20;

/**
 * The `retry-after` header of a rate-limited answer (429 without `quota`), as OpenAI, Azure,
 * DeepSeek, xAI and Anthropic send it; Google says it in its RetryInfo body instead.
 */
export function rateLimitHeaders(reply: Pick<FakeReply, 'status' | 'quota' | 'retryAfter'>): Record<string, string> {
  if (reply.status !== 429 || reply.quota) return {};
  return { 'retry-after': String(reply.retryAfter ?? defaultRetryAfterSeconds) };
}

/** What a picture or file costs in the prompt, whatever its size (the services count pixels or pages, not its base64). */
const mediaTokens = 1_500;

/** A base64 payload (or data URL) of a picture or file, told from text by having no spaces. */
const isMedia = (value: string) => value.length > 1000 && /^(data:[^,]*,)?[A-Za-z0-9+/=]+$/.test(value.slice(0, 2000));

/** Tokens of a prompt as the services count them, near enough: about four characters of text each, a flat sum per picture or file. */
function promptTokensOf(prompt: unknown): number {
  let media = 0;
  const text = JSON.stringify(prompt ?? '', (_key, value: unknown) => {
    if (typeof value !== 'string' || !isMedia(value)) return value;
    media++;
    return '';
  });
  return Math.ceil(text.length / 4) + media * mediaTokens;
}

/** The prompt of a request body, whichever API it is for. */
const promptOf = (body: Record<string, unknown>) => [body.system, body.systemInstruction, body.instructions, body.messages, body.contents, body.input];

/** The body each service answers a prompt longer than the model's context with (always a 400). */
function refusalBody(dialect: LimitDialect, tokens: number, limit: number): unknown {
  const openAIStyle = `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`;
  switch (dialect) {
    case 'openai':
    case 'azure':
      return { error: { message: openAIStyle, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } };
    case 'responses':
      return { error: { message: 'Your input exceeds the context window of this model. Please adjust your input and try again.', type: 'invalid_request_error', param: 'input', code: 'context_length_exceeded' } };
    case 'deepseek':
      return {
        error: {
          message: `This model's maximum context length is ${limit} tokens. However, you requested ${tokens} tokens (${tokens} in the messages, 0 in the completion). Please reduce the length of the messages or completion.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_request_error',
        },
      };
    case 'xai':
      return { code: 'Client specified an invalid argument', error: `This model's maximum prompt length is ${limit} but the request contains ${tokens} tokens.` };
    case 'anthropic':
      return { type: 'error', error: { type: 'invalid_request_error', message: `prompt is too long: ${tokens} tokens > ${limit} maximum` } };
    case 'google':
      return { error: { code: 400, message: `The input token count (${tokens}) exceeds the maximum number of tokens allowed (${limit}).`, status: 'INVALID_ARGUMENT' } };
  }
}

/**
 * The service's refusal of a prompt longer than the model's context window (the served list's,
 * or `contextWindow` when a test starts the fake with a short one), or undefined when it fits.
 */
export function contextRefusal(dialect: LimitDialect, model: string, body: unknown, contextWindow?: number): { status: number; body: unknown } | undefined {
  const limit = contextWindow ?? servedModel(model)?.contextWindow;
  if (!limit || typeof body !== 'object' || body === null) return undefined;
  const tokens = promptTokensOf(promptOf(body as Record<string, unknown>));
  return tokens > limit ? { status: 400, body: refusalBody(dialect, tokens, limit) } : undefined;
}
