import {
  echoChunks,
  requestId,
  sendJson,
  startFakeServer,
  streamFrames,
  textOf,
  tinyPngBase64,
  type FakeContext,
  type FakeReply,
  type FakeUpstream,
} from './fake-server.ts';
import { chatCompletionsContentProblem, imageEditProblem } from './content-parts.ts';
import { openAIErrorBody, type OpenAIFlavor } from './openai-errors.ts';
import { toolCallDeltas, toolMessagesProblem, withCallIds } from './openai-tool-calls.ts';
import { deepSeekThinking, withinCap } from './deepseek-thinking.ts';
import { chatRefusal, unknownModel, type ChatRequestBody } from './openai-requests.ts';
import { responses, responsesRefusal, type ResponsesBody } from './responses-api.ts';
import { azureChatVersionRefusal, azureImagesVersionRefusal, isDatedApiVersion } from './azure-api-version.ts';
import { isImageModelId, servedModelIds, thinks } from './upstream-models.ts';
import { servedEmbeddingModel, type ServiceName } from './served-models.ts';
import { contextRefusal, rateLimitHeaders } from './upstream-limits.ts';
import { openAIModelsList } from './model-list-handlers.ts';
import { embeddings } from './embeddings-api.ts';

export interface OpenAIFakeOptions {
  /** When set, any other key is refused with the flavor's 401 body. Any non-empty key is accepted otherwise. */
  apiKey?: string;
  /** Model ids the service serves (and `GET /v1/models` lists); the flavor's current upstream list by default. */
  models?: string[];
  /** Azure: deployment name → model. By default each model of the list, deployed under its id without dots. */
  deployments?: Record<string, string>;
  /** OpenAI: an unverified organization is refused reasoning summaries. */
  verifiedOrganization?: boolean;
  /** Tokens a prompt may have, for every model (a test's short limit); each model's real window by default. */
  contextWindow?: number;
  /** Shutdown days `GET /v1/models` announces (a test's own models); the served list's by default. */
  shutdownDates?: Record<string, string>;
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function lastUserText(body: ChatRequestBody): string | undefined {
  const user = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  return user ? textOf(user.content) : undefined;
}

function usageOf(reply: FakeReply, body: ChatRequestBody, chunks: string[], reasoningTokens: number) {
  const prompt = reply.usage?.promptTokens ?? (body.messages ?? []).reduce((n, m) => n + textOf(m.content).split(/\s+/).length, 0);
  const completion = reply.usage?.completionTokens ?? chunks.length + reasoningTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(reasoningTokens > 0 ? { completion_tokens_details: { reasoning_tokens: reasoningTokens } } : {}),
  };
}

/**
 * What the model thinks aloud over Chat Completions (`reasoning_content`): DeepSeek unless its
 * thinking is switched off, xAI reasoning models what the reply scripts.
 */
function reasoningOf(flavor: OpenAIFlavor, model: string, body: ChatRequestBody, reply: FakeReply): { reasoning: string[]; tokens: number } {
  if (flavor === 'deepseek') return deepSeekThinking(model, body, reply);
  const reasoning = flavor === 'xai' && thinks(model) ? (reply.reasoning ?? []) : [];
  return { reasoning, tokens: reasoning.length };
}

const severities = (filtered: boolean) =>
  Object.fromEntries(['hate', 'self_harm', 'sexual', 'violence'].map((k) => [k, { filtered: filtered && k === 'violence', severity: filtered && k === 'violence' ? 'high' : 'safe' }]));

/** Azure's 400 for a prompt its content filter refused. */
const azurePromptFiltered = {
  error: {
    message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
    type: null,
    param: 'prompt',
    code: 'content_filter',
    status: 400,
    innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: severities(true) },
  },
};

/**
 * Chat Completions: `chat.completion.chunk` deltas, an optional usage-only chunk, then `[DONE]`.
 * Azure adds its `prompt_filter_results` chunk first and `content_filter_results` on each choice.
 */
async function chatCompletions(ctx: FakeContext, flavor: OpenAIFlavor, model: string, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as ChatRequestBody;
  const toolProblem = toolMessagesProblem(body);
  if (toolProblem) {
    sendJson(ctx.res, 400, { error: { message: toolProblem.message, type: 'invalid_request_error', param: toolProblem.param, code: null } });
    return;
  }
  const toolCalls = withCallIds(reply.toolCalls ?? []);
  const thought = reasoningOf(flavor, model, body, reply);
  const reasoning = thought.reasoning;
  const fitted = withinCap(reply.chunks ?? (toolCalls.length > 0 ? [] : echoChunks(lastUserText(body))), body, flavor === 'deepseek' ? thought.tokens : 0);
  const chunks = fitted.chunks;
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 12)}`;
  const created = Math.floor(Date.now() / 1000);
  const filtered = reply.blocked === 'reply';
  const finishReason = filtered ? 'content_filter' : fitted.cut ? 'length' : (reply.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  const usage = usageOf(reply, body, chunks, thought.tokens);
  const azure = flavor === 'azure';
  const filterResults = (blocked: boolean) => (azure ? { content_filter_results: severities(blocked) } : {});
  const promptFilter = { prompt_filter_results: [{ prompt_index: 0, content_filter_results: severities(false) }] };

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
            content: filtered || chunks.length === 0 ? null : chunks.join(''),
            ...(toolCalls.length > 0 ? { tool_calls: toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
            refusal: null,
            ...(reasoning.length > 0 ? { reasoning_content: reasoning.join('') } : {}),
          },
          logprobs: null,
          finish_reason: finishReason,
          ...filterResults(filtered),
        },
      ],
      usage,
      system_fingerprint: null,
      ...(azure ? promptFilter : {}),
    });
    return;
  }

  const includeUsage = body.stream_options?.include_usage === true;
  const chunk = (delta: Record<string, unknown>, finish: string | null, blocked = false) =>
    sse({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, ...(delta.content || finish ? filterResults(blocked) : {}) }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const ends = !reply.hold && !reply.cut;
  const frames = [
    // Azure's first frame carries only the prompt's filter verdict, with no choices and an empty model.
    ...(azure ? [sse({ id: '', object: '', created: 0, model: '', choices: [], ...promptFilter })] : []),
    chunk({ role: 'assistant', content: '', refusal: null }, null),
    ...reasoning.map((r) => chunk({ content: null, reasoning_content: r }, null)),
    ...chunks.map((c) => chunk({ content: c }, null)),
    ...toolCallDeltas(toolCalls).map((delta) => chunk(delta, null)),
    ...(ends ? [chunk({}, finishReason, filtered)] : []),
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
    // xAI answers a missing key with 401 but a wrong one with 400.
    const { status, body } = openAIErrorBody(flavor, { status: flavor === 'xai' && given ? 400 : 401 });
    sendJson(ctx.res, status, body);
    return false;
  }
  return true;
}

const azurePath = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|images\/generations|images\/edits|embeddings)$/;
/** Azure's v1 API: OpenAI's paths under `/openai/v1`, the deployment named in the body's `model`. */
const azureV1Path = /^\/openai\/v1\/(responses|chat\/completions)$/;
const notFound = { error: { code: '404', message: 'Resource not found' } };

type Route = { kind: 'chat' | 'images' | 'responses' | 'models' | 'embeddings'; deployment?: string; edit?: boolean; v1?: boolean };

function routeOf(flavor: OpenAIFlavor, method: string, path: string): Route | undefined {
  if (flavor === 'azure') {
    const v1 = azureV1Path.exec(path);
    if (v1) return { kind: v1[1] === 'responses' ? 'responses' : 'chat', v1: true };
    const match = azurePath.exec(path);
    if (!match) return undefined;
    const deployment = decodeURIComponent(match[1]!);
    if (match[2] === 'embeddings') return { kind: 'embeddings', deployment };
    return match[2] === 'chat/completions' ? { kind: 'chat', deployment } : { kind: 'images', deployment, edit: match[2] === 'images/edits' };
  }
  if (method === 'GET' && path.endsWith('/models')) return { kind: 'models' };
  if (method !== 'POST') return undefined;
  if (path.endsWith('/chat/completions')) return { kind: 'chat' };
  if (path.endsWith('/images/generations')) return { kind: 'images' };
  if (path.endsWith('/images/edits')) return { kind: 'images', edit: true };
  if (path.endsWith('/embeddings') && flavor === 'openai') return { kind: 'embeddings' };
  if (path.endsWith('/responses') && flavor !== 'deepseek') return { kind: 'responses' };
  return undefined;
}

/** The model a request names: a JSON body's `model`, or a multipart form's `model` field (image edits). */
function modelNamed(body: unknown): string {
  if (typeof body === 'string') return /name="model"\r\n\r\n([^\r\n]*)/.exec(body)?.[1] ?? '';
  const model = (body as ChatRequestBody | undefined)?.model;
  return typeof model === 'string' ? model : '';
}

/** Model ids of the fake's flavor when none were given. */
const serviceOf: Record<OpenAIFlavor, ServiceName> = { openai: 'openai', azure: 'openai', deepseek: 'deepseek', xai: 'xai' };

/**
 * One fake for the Chat Completions family; the flavor decides auth header, paths, model list,
 * request rules, reasoning, filter frames and error bodies. Every answer carries `x-request-id`.
 */
async function startCompatibleFake(flavor: OpenAIFlavor, options: OpenAIFakeOptions = {}): Promise<FakeUpstream> {
  const models: readonly string[] = options.models ?? servedModelIds(serviceOf[flavor]);
  const deployments = options.deployments ?? Object.fromEntries(models.map((m) => [m.replace(/\./g, ''), m]));
  const storedResponses = new Set<string>();
  return startFakeServer(async (ctx) => {
    ctx.res.setHeader('x-request-id', requestId(flavor === 'openai' ? 'req_' : ''));
    if (flavor === 'azure') ctx.res.setHeader('apim-request-id', requestId(''));
    const route = routeOf(flavor, ctx.req.method ?? 'GET', ctx.recorded.path);
    const apiVersion = ctx.url.searchParams.get('api-version') ?? '';
    if (!route || (flavor === 'azure' && !route.v1 && !isDatedApiVersion(apiVersion))) {
      sendJson(ctx.res, 404, notFound);
      return;
    }
    if (!authorized(ctx, flavor, options)) return;
    if (route.kind === 'models') {
      openAIModelsList(ctx, models, flavor === 'xai' ? 'xai' : 'system', options.shutdownDates);
      return;
    }
    const body = (ctx.recorded.body ?? {}) as ChatRequestBody;
    const named = route.deployment ?? modelNamed(ctx.recorded.body);
    const model = flavor === 'azure' ? deployments[named] : models.includes(named) || (route.kind === 'embeddings' && flavor === 'openai' && servedEmbeddingModel(named)) ? named : undefined;
    if (model === undefined) {
      const { status, body: refusal } = unknownModel(flavor, named);
      sendJson(ctx.res, status, refusal);
      return;
    }
    if (route.kind === 'embeddings') {
      const scripted = ctx.takeReply(named);
      if (!scripted.status || scripted.status < 400) return embeddings(ctx, model);
      const { status, body: error } = openAIErrorBody(flavor, scripted);
      return sendJson(ctx.res, status, error);
    }
    const refusal =
      route.kind === 'chat' ? (chatRefusal(flavor, model, body) ?? (flavor === 'azure' && !route.v1 ? azureChatVersionRefusal(apiVersion, body) : undefined))
      : route.kind === 'responses' ? responsesRefusal(flavor, { ...(ctx.recorded.body as ResponsesBody), model }, options, storedResponses)
      : isImageModelId(model) ? (flavor === 'azure' ? azureImagesVersionRefusal(model, apiVersion) : undefined)
      : { status: 400, body: { error: { message: `Invalid value for 'model': ${named} is not an image model.`, type: 'invalid_request_error', param: 'model', code: 'invalid_value' } } };
    const tooLong = route.kind === 'images' ? undefined : contextRefusal(route.kind === 'responses' ? 'responses' : flavor, model, ctx.recorded.body, options.contextWindow);
    if (refusal ?? tooLong) {
      const { status, body: problem } = (refusal ?? tooLong)!;
      sendJson(ctx.res, status, problem);
      return;
    }
    const reply = ctx.takeReply(named);
    if (reply.status && reply.status >= 400) {
      const { status, body: error } = openAIErrorBody(flavor, reply);
      sendJson(ctx.res, status, error, rateLimitHeaders(reply));
      return;
    }
    if (flavor === 'azure' && reply.blocked === 'prompt') {
      sendJson(ctx.res, 400, azurePromptFiltered);
      return;
    }
    const contentProblem =
      route.kind === 'chat' ? chatCompletionsContentProblem((ctx.recorded.body as ChatRequestBody).messages)
      : route.edit ? imageEditProblem(flavor, ctx.req.headers['content-type'], ctx.recorded.body)
      : undefined;
    if (contentProblem) {
      const { status, body: problem } = openAIErrorBody(flavor, { status: 400, errorMessage: contentProblem });
      sendJson(ctx.res, status, problem);
      return;
    }
    if (route.kind === 'images') images(ctx, reply);
    else if (route.kind === 'responses') await responses(ctx, flavor, model, reply, storedResponses);
    else await chatCompletions(ctx, flavor, model, reply);
  });
}

export { azureImagesMinApiVersion } from './azure-api-version.ts';
export const startOpenAIFake = (options?: OpenAIFakeOptions) => startCompatibleFake('openai', options);
export const startAzureOpenAIFake = (options?: OpenAIFakeOptions) => startCompatibleFake('azure', options);
export const startDeepSeekFake = (options?: OpenAIFakeOptions) => startCompatibleFake('deepseek', options);
export const startGrokFake = (options?: OpenAIFakeOptions) => startCompatibleFake('xai', options);
