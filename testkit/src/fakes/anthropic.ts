import { anthropicModelsList } from './model-list-handlers.ts';
import { adaptiveAlsoTaken, claudeThinkingOf, refusedSampling, servedModelIds, thinks } from './upstream-models.ts';
import {
  echoChunks,
  requestId,
  sendJson,
  startFakeServer,
  streamFrames,
  textOf,
  type FakeContext,
  type FakeReply,
  type FakeUpstream,
} from './fake-server.ts';
import { anthropicContentProblem } from './content-parts.ts';
import { anthropicToolProblem, thinkingToolLoopProblem, toolUseBlocks, toolUseEvents, withToolUseIds } from './anthropic-tool-use.ts';

export interface AnthropicFakeOptions {
  /** When set, any other `x-api-key` is refused with 401 `authentication_error`. */
  apiKey?: string;
  /** Model ids served (and listed by `GET /v1/models`); Anthropic's current list by default. */
  models?: string[];
}

interface MessagesBody {
  model?: string;
  stream?: boolean;
  max_tokens?: unknown;
  temperature?: unknown;
  top_p?: unknown;
  top_k?: unknown;
  thinking?: { type?: string; budget_tokens?: unknown; display?: string };
  messages?: { role: string; content: unknown }[];
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The `anthropic-version` values the Messages API answers to. */
const knownVersions = new Set(['2023-01-01', '2023-06-01', '2026-10-21']);

const invalidRequest = (message: string, status = 400): FakeReply => ({ status, errorBody: undefined, errorMessage: message });

function errorBody(reply: FakeReply): { status: number; body: unknown } {
  const status = reply.status ?? 500;
  if (reply.errorBody !== undefined) return { status, body: reply.errorBody };
  const [type, message] =
    status === 401
      ? ['authentication_error', 'invalid x-api-key']
      : status === 404
        ? ['not_found_error', 'Not found']
      : status === 403 && reply.forbidden === 'region'
        ? ['forbidden', 'Request not allowed']
      : status === 403
        ? ['permission_error', 'Your API key does not have permission to use the specified resource.']
        : status === 402 || reply.quota
          ? ['billing_error', 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.']
          : status === 429
            ? ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.']
            : status === 529
              ? ['overloaded_error', 'Overloaded']
              : status >= 500
                ? ['api_error', 'Internal server error']
                : ['invalid_request_error', 'Invalid request'];
  return {
    status,
    body: { type: 'error', error: { type, message: reply.errorMessage ?? message }, request_id: requestId('req_011C') },
  };
}

/** Messages API streaming: message_start, content blocks (thinking, text), ping, message_delta, message_stop. */
async function messages(ctx: FakeContext, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as MessagesBody;
  const lastUser = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  const calls = withToolUseIds(reply.toolCalls ?? []);
  const chunks = reply.chunks ?? (calls.length > 0 ? [] : echoChunks(lastUser ? textOf(lastUser.content) : undefined));
  const reasoning = showsThinking(body) ? (reply.reasoning ?? []) : [];
  // A model thinking before it calls tools opens its turn with a signed thinking block, its text omitted unless shown.
  const thinkingBlock = reasoning.length > 0 || (thinksNow(body) && calls.length > 0);
  const id = `msg_${Math.random().toString(36).slice(2, 14)}`;
  const model = body.model ?? 'unknown';
  const inputTokens = reply.usage?.promptTokens ?? 12;
  const outputTokens = reply.usage?.completionTokens ?? chunks.length + reasoning.length;
  const stopReason = reply.finishReason ?? (calls.length > 0 ? 'tool_use' : 'end_turn');
  // A turn that only calls tools has no text block.
  const hasText = chunks.length > 0 || calls.length === 0;

  if (!body.stream) {
    sendJson(ctx.res, 200, {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [
        ...(thinkingBlock ? [{ type: 'thinking', thinking: reasoning.join(''), signature: 'sig' }] : []),
        ...(hasText ? [{ type: 'text', text: chunks.join('') }] : []),
        ...toolUseBlocks(calls),
      ],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    });
    return;
  }

  const textIndex = thinkingBlock ? 1 : 0;
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
        usage: { input_tokens: inputTokens, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    }),
    ...(thinkingBlock
      ? [
          event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
          ...reasoning.map((thinking) =>
            event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking } }),
          ),
          event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'fake-signature' } }),
          event('content_block_stop', { type: 'content_block_stop', index: 0 }),
        ]
      : []),
    ...(hasText ? [event('content_block_start', { type: 'content_block_start', index: textIndex, content_block: { type: 'text', text: '' } })] : []),
    event('ping', { type: 'ping' }),
    ...chunks.map((text) =>
      event('content_block_delta', { type: 'content_block_delta', index: textIndex, delta: { type: 'text_delta', text } }),
    ),
    ...(reply.streamError ? [event('error', { type: 'error', error: reply.streamError })] : []),
    ...(reply.hold || reply.streamError || reply.cut
      ? []
      : [
          ...(hasText ? [event('content_block_stop', { type: 'content_block_stop', index: textIndex })] : []),
          ...toolUseEvents(calls, textIndex + (hasText ? 1 : 0)).map((data) => event(String(data.type), data)),
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

/** Whether the model thinks on this call: thinking enabled or adaptive, or a model that always thinks. */
const thinksNow = (body: MessagesBody) =>
  body.thinking?.type === 'enabled' || body.thinking?.type === 'adaptive' || (body.thinking === undefined && claudeThinkingOf(body.model ?? '') === 'always');

/**
 * A conversation ending on an assistant turn asks the model to continue it (a prefill): refused
 * from Sonnet/Opus 4.6 and Claude 5 on, and while thinking unless that turn opens with its thinking.
 */
function prefillProblem(body: MessagesBody): string | undefined {
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  const model = body.model ?? '';
  if (claudeThinkingOf(model) !== 'budget' || adaptiveAlsoTaken.has(model)) return 'This model does not support assistant message prefill. The conversation must end with a user message.';
  const first = Array.isArray(last.content) ? (last.content[0] as { type?: string } | undefined)?.type : 'text';
  if (!thinksNow(body) || first === 'thinking' || first === 'redacted_thinking') return undefined;
  return `messages.${messages.length - 1}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block. We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
}

/** Thinking blocks come back with text: extended thinking, or adaptive thinking with `display: summarized`. */
const showsThinking = (body: MessagesBody) =>
  body.thinking?.type === 'enabled' || (body.thinking?.type === 'adaptive' && body.thinking.display === 'summarized');

/**
 * The thinking rules of the Claude 5 generation: adaptive thinking only (a budget is refused),
 * no sampling setting other than its default, and on the always-thinking models no way to
 * switch it off. Older models take `adaptive` only from Sonnet/Opus 4.6 on.
 */
function adaptiveRefusal(body: MessagesBody, model: string): FakeReply | undefined {
  const mode = claudeThinkingOf(model);
  const type = body.thinking?.type;
  if (type === 'adaptive' && mode === 'budget' && !adaptiveAlsoTaken.has(model)) {
    return invalidRequest(`adaptive thinking is not supported on model ${model}`);
  }
  if (type === 'adaptive' && body.thinking?.display !== undefined && !['omitted', 'summarized'].includes(body.thinking.display)) {
    return invalidRequest(`thinking.adaptive.display: Input should be 'omitted' or 'summarized'`);
  }
  if (mode !== 'adaptive' && mode !== 'always') return undefined;
  const sampling = (['temperature', 'top_p', 'top_k'] as const).find((key) => body[key] !== undefined && !(key === 'temperature' && body[key] === 1));
  if (sampling) return invalidRequest(`${sampling}: is not supported on ${model}; omit it or leave it at its default`);
  if (type === 'enabled') {
    return invalidRequest(`thinking.type.enabled is not supported on ${model}. Use thinking.type.adaptive and output_config.effort to control thinking.`);
  }
  if (type === 'disabled' && mode === 'always') return invalidRequest(`thinking cannot be disabled on ${model}`);
  return undefined;
}

/**
 * What the Messages API refuses before answering: a missing `max_tokens`, sampling parameters
 * under API version 2026-10-21, temperature with top_p on the models that forbid both, and the extended-thinking rules (budget ≥ 1024 and
 * below `max_tokens`, no top_k, temperature only 1, top_p only 0.95–1, a model that thinks).
 */
function messagesRefusal(body: MessagesBody, version: string): FakeReply | undefined {
  const model = body.model ?? '';
  if (typeof body.max_tokens !== 'number') return invalidRequest('max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) return invalidRequest('messages: Field required');
  if (version === '2026-10-21') {
    // API version 2026-10-21 removed the sampling parameters.
    const sampling = (['temperature', 'top_p', 'top_k'] as const).find((key) => body[key] !== undefined);
    if (sampling) return invalidRequest(`${sampling}: Extra inputs are not permitted`);
  }
  const adaptive = adaptiveRefusal(body, model);
  if (adaptive) return adaptive;
  const refused = refusedSampling(model, body as Record<string, unknown>);
  if (refused === 'top_p' && body.temperature !== undefined) {
    return invalidRequest('`temperature` and `top_p` cannot both be specified for this model. Please use only one.');
  }
  if (refused) return invalidRequest(`${refused}: Extra inputs are not permitted`);
  if (body.thinking?.type !== 'enabled') return undefined;
  const budget = body.thinking.budget_tokens;
  if (!thinks(model)) return invalidRequest(`'claude-thinking' is not supported on model ${model}`);
  if (typeof budget !== 'number' || budget < 1024) return invalidRequest('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
  if (budget >= body.max_tokens) {
    return invalidRequest('`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size');
  }
  if (body.temperature !== undefined && body.temperature !== 1) {
    return invalidRequest('`temperature` may only be set to 1 when thinking is enabled. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#feature-compatibility');
  }
  if (body.top_k !== undefined) return invalidRequest('`top_k` is not supported when thinking is enabled.');
  if (typeof body.top_p === 'number' && body.top_p < 0.95) return invalidRequest('`top_p` must be between 0.95 and 1 when thinking is enabled.');
  return undefined;
}

/** Fake Anthropic: `POST /v1/messages` and `GET /v1/models`, checking `x-api-key` and `anthropic-version`. */
export function startAnthropicFake(options: AnthropicFakeOptions = {}): Promise<FakeUpstream> {
  const models: readonly string[] = options.models ?? servedModelIds('anthropic');
  const refuse = (ctx: FakeContext, reply: FakeReply) => {
    const { status, body } = errorBody(reply);
    sendJson(ctx.res, status, body);
  };
  return startFakeServer(async (ctx) => {
    ctx.res.setHeader('request-id', requestId('req_011C'));
    ctx.res.setHeader('anthropic-organization-id', '00000000-0000-4000-8000-000000000000');
    const listing = ctx.req.method === 'GET' && ctx.recorded.path === '/v1/models';
    if (!listing && (ctx.req.method !== 'POST' || ctx.recorded.path !== '/v1/messages')) {
      refuse(ctx, { status: 404 });
      return;
    }
    // `x-api-key`, or (as SDK 1.x sends it) `Authorization: Bearer`.
    const key = ctx.req.headers['x-api-key'] ?? ctx.req.headers.authorization?.replace(/^Bearer\s+/i, '');
    if (!key || (options.apiKey !== undefined && key !== options.apiKey)) return refuse(ctx, { status: 401 });
    const version = ctx.req.headers['anthropic-version'];
    if (!version) return refuse(ctx, invalidRequest('anthropic-version: header is required'));
    if (!knownVersions.has(String(version))) return refuse(ctx, invalidRequest(`anthropic-version: invalid value '${String(version)}'`));
    if (listing) return anthropicModelsList(ctx, models);
    const body = (ctx.recorded.body ?? {}) as MessagesBody;
    if (!models.includes(body.model ?? '')) return refuse(ctx, invalidRequest(`model: ${String(body.model)}`, 404));
    const refusal = messagesRefusal(body, String(version));
    if (refusal) return refuse(ctx, refusal);
    const toolProblem = prefillProblem(body) ?? anthropicToolProblem(body) ?? thinkingToolLoopProblem(body.messages, thinksNow(body));
    if (toolProblem) return refuse(ctx, invalidRequest(toolProblem));
    const contentProblem = anthropicContentProblem(body.messages);
    if (contentProblem) return refuse(ctx, invalidRequest(contentProblem));
    const reply = ctx.takeReply(body.model ?? '');
    if (reply.status && reply.status >= 400) return refuse(ctx, reply);
    await messages(ctx, reply);
  });
}
