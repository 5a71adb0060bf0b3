import {
  echoChunks,
  sendJson,
  startFakeServer,
  streamFrames,
  textOf,
  tinyPngBase64,
  type FakeContext,
  type FakeReply,
  type FakeUpstream,
} from './fake-server.ts';
import { openAIErrorBody, type OpenAIFlavor } from './openai-errors.ts';

export interface OpenAIFakeOptions {
  /** When set, any other key is refused with the flavor's 401 body. Any non-empty key is accepted otherwise. */
  apiKey?: string;
  /** Ids served by `GET /v1/models`. */
  models?: string[];
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: { role: string; content: unknown }[];
  search_parameters?: { mode?: string; return_citations?: boolean };
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function lastUserText(body: ChatBody): string | undefined {
  const user = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  return user ? textOf(user.content) : undefined;
}

function usageOf(reply: FakeReply, body: ChatBody, chunks: string[], reasoning: string[]) {
  const prompt = reply.usage?.promptTokens ?? (body.messages ?? []).reduce((n, m) => n + textOf(m.content).split(/\s+/).length, 0);
  const completion = reply.usage?.completionTokens ?? chunks.length + reasoning.length;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(reasoning.length > 0 ? { completion_tokens_details: { reasoning_tokens: reasoning.length } } : {}),
  };
}

/** Chat Completions: `chat.completion.chunk` deltas, an optional usage-only chunk, then `[DONE]`. */
async function chatCompletions(ctx: FakeContext, flavor: OpenAIFlavor, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as ChatBody;
  const chunks = reply.chunks ?? echoChunks(lastUserText(body));
  const withReasoning = flavor === 'deepseek' || flavor === 'xai';
  const reasoning = withReasoning ? (reply.reasoning ?? []) : [];
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 12)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? 'unknown';
  const finishReason = reply.finishReason ?? 'stop';
  const usage = usageOf(reply, body, chunks, reasoning);
  const citations =
    flavor === 'xai' && body.search_parameters?.mode && body.search_parameters.mode !== 'off'
      ? ['https://example.org/search-result']
      : undefined;

  if (!body.stream) {
    sendJson(ctx.res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: chunks.join(''),
            ...(reasoning.length > 0 ? { reasoning_content: reasoning.join('') } : {}),
          },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage,
      ...(citations ? { citations } : {}),
    });
    return;
  }

  const includeUsage = body.stream_options?.include_usage === true;
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    sse({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    });
  const ends = !reply.hold && !reply.cut;
  const frames = [
    chunk({ role: 'assistant', content: '' }, null),
    ...reasoning.map((r) => chunk({ content: null, reasoning_content: r }, null)),
    ...chunks.map((c) => chunk({ content: c }, null)),
    ...(ends ? [chunk({}, finishReason, citations ? { citations } : {})] : []),
    ...(includeUsage && ends
      ? [sse({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: [], usage })]
      : []),
    ...(ends ? ['data: [DONE]\n\n'] : []),
  ];
  await streamFrames(ctx, frames, reply);
}

function images(ctx: FakeContext, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as { n?: number };
  const picture = reply.imageBase64 ?? tinyPngBase64;
  sendJson(ctx.res, 200, {
    created: Math.floor(Date.now() / 1000),
    data: Array.from({ length: body.n ?? 1 }, () => ({ b64_json: picture, revised_prompt: null })),
  });
}

function authorized(ctx: FakeContext, flavor: OpenAIFlavor, options: OpenAIFakeOptions): boolean {
  const given =
    flavor === 'azure'
      ? ctx.req.headers['api-key']
      : ctx.req.headers.authorization?.replace(/^Bearer\s+/i, '');
  if (!given || (options.apiKey !== undefined && given !== options.apiKey)) {
    const { status, body } = openAIErrorBody(flavor, { status: 401 });
    sendJson(ctx.res, status, body);
    return false;
  }
  return true;
}

const azureChatPath = /^\/openai\/deployments\/[^/]+\/chat\/completions$/;
const azureImagesPath = /^\/openai\/deployments\/[^/]+\/images\/generations$/;

/** One fake for the Chat Completions family; the flavor decides auth header, paths, reasoning and error bodies. */
async function startCompatibleFake(flavor: OpenAIFlavor, options: OpenAIFakeOptions = {}): Promise<FakeUpstream> {
  return startFakeServer(async (ctx) => {
    const { path } = ctx.recorded;
    if (flavor === 'azure' && !ctx.url.searchParams.get('api-version')) {
      sendJson(ctx.res, 404, { error: { code: '404', message: 'Resource not found' } });
      return;
    }
    const isChat = flavor === 'azure' ? azureChatPath.test(path) : path.endsWith('/chat/completions');
    const isImages = flavor === 'azure' ? azureImagesPath.test(path) : path.endsWith('/images/generations');
    const isModels = ctx.req.method === 'GET' && path.endsWith('/models');
    if (!isChat && !isImages && !isModels) {
      sendJson(ctx.res, 404, { error: { code: '404', message: 'Resource not found' } });
      return;
    }
    if (!authorized(ctx, flavor, options)) return;
    if (isModels) {
      const ids = options.models ?? ['gpt-4o', 'gpt-4o-mini', 'o3-mini'];
      sendJson(ctx.res, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })),
      });
      return;
    }
    const reply = ctx.takeReply();
    if (reply.status && reply.status >= 400) {
      const { status, body } = openAIErrorBody(flavor, reply);
      sendJson(ctx.res, status, body);
      return;
    }
    if (isImages) images(ctx, reply);
    else await chatCompletions(ctx, flavor, reply);
  });
}

export const startOpenAIFake = (options?: OpenAIFakeOptions) => startCompatibleFake('openai', options);
export const startAzureOpenAIFake = (options?: OpenAIFakeOptions) => startCompatibleFake('azure', options);
export const startDeepSeekFake = (options?: OpenAIFakeOptions) => startCompatibleFake('deepseek', options);
export const startGrokFake = (options?: OpenAIFakeOptions) => startCompatibleFake('xai', options);
