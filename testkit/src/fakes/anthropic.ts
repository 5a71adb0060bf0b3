import {
  echoChunks,
  sendJson,
  startFakeServer,
  streamFrames,
  textOf,
  type FakeContext,
  type FakeReply,
  type FakeUpstream,
} from './fake-server.ts';

export interface AnthropicFakeOptions {
  /** When set, any other `x-api-key` is refused with 401 `authentication_error`. */
  apiKey?: string;
}

interface MessagesBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: unknown }[];
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

function errorBody(reply: FakeReply): { status: number; body: unknown } {
  const status = reply.status ?? 500;
  if (reply.errorBody !== undefined) return { status, body: reply.errorBody };
  const [type, message] =
    status === 401
      ? ['authentication_error', 'invalid x-api-key']
      : status === 403
        ? ['permission_error', 'Your API key does not have permission to use the specified resource.']
        : status === 429 && reply.quota
          ? ['rate_limit_error', 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.']
          : status === 429
            ? ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.']
            : status === 529
              ? ['overloaded_error', 'Overloaded']
              : status >= 500
                ? ['api_error', 'Internal server error']
                : ['invalid_request_error', 'Invalid request'];
  return {
    status,
    body: { type: 'error', error: { type, message: reply.errorMessage ?? message }, request_id: `req_${Date.now()}` },
  };
}

/** Messages API streaming: message_start, content blocks (thinking, text), ping, message_delta, message_stop. */
async function messages(ctx: FakeContext, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as MessagesBody;
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  const chunks = reply.chunks ?? echoChunks(lastUser ? textOf(lastUser.content) : undefined);
  const reasoning = reply.reasoning ?? [];
  const id = `msg_${Math.random().toString(36).slice(2, 14)}`;
  const model = body.model ?? 'unknown';
  const inputTokens = reply.usage?.promptTokens ?? 12;
  const outputTokens = reply.usage?.completionTokens ?? chunks.length + reasoning.length;
  const stopReason = reply.finishReason ?? 'end_turn';

  if (!body.stream) {
    sendJson(ctx.res, 200, {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [
        ...(reasoning.length > 0 ? [{ type: 'thinking', thinking: reasoning.join(''), signature: 'sig' }] : []),
        { type: 'text', text: chunks.join('') },
      ],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens },
    });
    return;
  }

  const textIndex = reasoning.length > 0 ? 1 : 0;
  const frames = [
    event('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        content: [],
        model,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    }),
    ...(reasoning.length > 0
      ? [
          event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
          ...reasoning.map((thinking) =>
            event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking } }),
          ),
          event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'fake-signature' } }),
          event('content_block_stop', { type: 'content_block_stop', index: 0 }),
        ]
      : []),
    event('content_block_start', { type: 'content_block_start', index: textIndex, content_block: { type: 'text', text: '' } }),
    event('ping', { type: 'ping' }),
    ...chunks.map((text) =>
      event('content_block_delta', { type: 'content_block_delta', index: textIndex, delta: { type: 'text_delta', text } }),
    ),
    ...(reply.streamError ? [event('error', { type: 'error', error: reply.streamError })] : []),
    ...(reply.hold || reply.streamError || reply.cut
      ? []
      : [
          event('content_block_stop', { type: 'content_block_stop', index: textIndex }),
          event('message_delta', {
            type: 'message_delta',
            delta: { stop_reason: stopReason, stop_sequence: null },
            usage: { output_tokens: outputTokens },
          }),
          event('message_stop', { type: 'message_stop' }),
        ]),
  ];
  await streamFrames(ctx, frames, reply);
}

/** Fake Anthropic: `POST /v1/messages`, checking `x-api-key` and `anthropic-version`. */
export function startAnthropicFake(options: AnthropicFakeOptions = {}): Promise<FakeUpstream> {
  return startFakeServer(async (ctx) => {
    if (ctx.req.method !== 'POST' || ctx.recorded.path !== '/v1/messages') {
      sendJson(ctx.res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
      return;
    }
    const key = ctx.req.headers['x-api-key'];
    if (!key || (options.apiKey !== undefined && key !== options.apiKey)) {
      const { status, body } = errorBody({ status: 401 });
      sendJson(ctx.res, status, body);
      return;
    }
    if (!ctx.req.headers['anthropic-version']) {
      const { status, body } = errorBody({ status: 400, errorMessage: 'anthropic-version: header is required' });
      sendJson(ctx.res, status, body);
      return;
    }
    const reply = ctx.takeReply();
    if (reply.status && reply.status >= 400) {
      const { status, body } = errorBody(reply);
      sendJson(ctx.res, status, body);
      return;
    }
    await messages(ctx, reply);
  });
}
