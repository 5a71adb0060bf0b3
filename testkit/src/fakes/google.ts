import { randomBytes } from 'node:crypto';
import {
  echoChunks,
  sendJson,
  startFakeServer,
  streamFrames,
  type FakeContext,
  type FakeReply,
  type FakeUpstream,
} from './fake-server.ts';
import { googleErrorBody, invalidApiKeyBody, modelNotFoundBody } from './google-errors.ts';
import { createServiceAccount, verifyAssertion, type ServiceAccountKey } from './service-account.ts';
import { geminiModelsList } from './model-list-handlers.ts';
import { servedModelIds, thinks } from './upstream-models.ts';
import { geminiContentProblem } from './content-parts.ts';
import { functionCallParts, geminiFunctionProblem } from './google-function-calls.ts';
import { thinkingRefusal, thoughtTokens, type ThinkingConfig } from './google-thinking.ts';

export interface GoogleFakeOptions {
  /** When set, another Gemini API key is refused the way Google does (400 API_KEY_INVALID). */
  apiKey?: string;
  /** Model ids served (and listed by `GET /v1beta/models`); Google's current Gemini list by default. */
  models?: string[];
}

export interface GoogleFake extends FakeUpstream {
  /** A service-account key file whose token_uri is this fake's `/token`. */
  serviceAccount: ServiceAccountKey;
}

interface GenerateBody {
  contents?: { role?: string; parts?: { text?: string }[] }[];
  generationConfig?: {
    maxOutputTokens?: number;
    temperature?: number;
    topP?: number;
    thinkingConfig?: ThinkingConfig;
  };
}

const safetyRatings = (blocked: boolean) =>
  ['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_SEXUALLY_EXPLICIT'].map((category) => ({
    category,
    probability: blocked && category === 'HARM_CATEGORY_DANGEROUS_CONTENT' ? 'HIGH' : 'NEGLIGIBLE',
    ...(blocked && category === 'HARM_CATEGORY_DANGEROUS_CONTENT' ? { blocked: true } : {}),
  }));

/** The Gemini API answers on its stable `v1` (the genai SDK's default in its newer releases) and on `v1beta`. */
const geminiPath = /^\/v1(?:beta)?\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;
const vertexPath = /^\/v1(?:beta1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):(streamGenerateContent|generateContent|predict)$/;

function lastUserText(body: GenerateBody): string | undefined {
  const user = [...(body.contents ?? [])].reverse().find((c) => c.role !== 'model');
  return user?.parts?.map((p) => p.text ?? '').join('');
}

/** Gemini `generateContent`: with `alt=sse`, one `data:` frame per candidate delta, the last with finishReason. */
async function generate(ctx: FakeContext, model: string, streaming: boolean, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as GenerateBody;
  const config = body.generationConfig ?? {};
  // Thinking models think first, inside maxOutputTokens: as much as scripted (one token per
  // reasoning chunk) within an explicit budget, else a dynamic amount. What is left is all the
  // visible answer may use, one token per scripted chunk here.
  const thoughts = thoughtTokens(model, config.thinkingConfig, reply.reasoning?.length ?? 0);
  const room = config.maxOutputTokens === undefined ? Infinity : Math.max(0, config.maxOutputTokens - thoughts);
  const calls = functionCallParts(reply.toolCalls ?? [], thinks(model));
  const scripted = reply.chunks ?? (calls.length > 0 ? [] : echoChunks(lastUserText(body)));
  const blockedReply = reply.blocked === 'reply';
  const chunks = scripted.slice(0, blockedReply ? Math.ceil(scripted.length / 2) : room);
  const reasoning = thoughts > 0 && config.thinkingConfig?.includeThoughts ? (reply.reasoning ?? []) : [];
  const prompt = reply.usage?.promptTokens ?? 8;
  const output = reply.usage?.completionTokens ?? chunks.length;
  const usageMetadata = {
    promptTokenCount: prompt,
    candidatesTokenCount: output,
    totalTokenCount: prompt + output + thoughts,
    ...(thoughts > 0 ? { thoughtsTokenCount: thoughts } : {}),
  };
  const finishReason = blockedReply ? 'SAFETY' : chunks.length < scripted.length ? 'MAX_TOKENS' : (reply.finishReason ?? 'STOP');
  const candidate = (parts: object[], finish?: string) => ({
    content: { parts, role: 'model' },
    ...(finish ? { finishReason: finish, safetyRatings: safetyRatings(finish === 'SAFETY') } : {}),
    index: 0,
  });
  if (reply.blocked === 'prompt') {
    // A refused prompt has no candidates at all, only the verdict.
    const verdict = { promptFeedback: { blockReason: 'SAFETY', safetyRatings: safetyRatings(true) }, usageMetadata: { promptTokenCount: prompt, totalTokenCount: prompt }, modelVersion: model };
    if (streaming && ctx.url.searchParams.get('alt') === 'sse') await streamFrames(ctx, [`data: ${JSON.stringify(verdict)}\r\n\r\n`], reply);
    else sendJson(ctx.res, 200, streaming ? [verdict] : verdict);
    return;
  }

  if (!streaming || ctx.url.searchParams.get('alt') !== 'sse') {
    const parts = [
      ...(reasoning.length > 0 ? [{ text: reasoning.join(''), thought: true }] : []),
      ...(chunks.length > 0 ? [{ text: chunks.join('') }] : []),
      ...calls,
    ];
    const response = { candidates: [candidate(parts, finishReason)], usageMetadata, modelVersion: model };
    // Without alt=sse, streamGenerateContent answers one JSON array of responses.
    sendJson(ctx.res, 200, streaming ? [response] : response);
    return;
  }
  const frame = (data: unknown) => `data: ${JSON.stringify(data)}\r\n\r\n`;
  // Function calls come whole, all in the last frame.
  const deltas: object[][] = [
    ...reasoning.map((text) => [{ text, thought: true }]),
    ...chunks.map((text) => [{ text }]),
    ...(calls.length > 0 ? [calls] : []),
  ];
  const frames = deltas.map((parts, i) => {
    const last = i === deltas.length - 1 && !reply.hold && !blockedReply;
    return frame({
      candidates: [candidate(parts, last ? finishReason : undefined)],
      usageMetadata: last ? usageMetadata : { promptTokenCount: prompt, totalTokenCount: prompt },
      modelVersion: model,
    });
  });
  // A safety stop, or an answer with no room left, ends on a frame without text.
  if ((blockedReply || deltas.length === 0) && !reply.hold) {
    frames.push(frame({ candidates: [{ ...candidate([], finishReason), content: { role: 'model' } }], usageMetadata, modelVersion: model }));
  }
  await streamFrames(ctx, frames, reply);
}

/**
 * Fake Google: the Gemini API (`/v1beta/models/{m}:streamGenerateContent?alt=sse`, API key), Vertex
 * AI (`/v1/projects/{p}/locations/{l}/publishers/google/models/{m}:streamGenerateContent`,
 * bearer token; `:predict` of the retired PaLM models is a 404) and the OAuth token endpoint for the service-account JWT-bearer grant (`/token`).
 */
export async function startGoogleFake(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const tokens = new Set<string>();
  // The key pair exists before the server; its token_uri is filled in once the port is known.
  const account = createServiceAccount('');
  const models: readonly string[] = options.models ?? servedModelIds('google');
  const fake = await startFakeServer(async (ctx) => {
    const { path } = ctx.recorded;
    if (ctx.req.method === 'POST' && path === '/token') {
      const form = (ctx.recorded.body ?? {}) as Record<string, string>;
      if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !form.assertion) {
        sendJson(ctx.res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
        return;
      }
      const problem = verifyAssertion(form.assertion, account);
      if (problem) {
        sendJson(ctx.res, 400, { error: 'invalid_grant', error_description: problem });
        return;
      }
      const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      sendJson(ctx.res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      return;
    }
    const listing = ctx.req.method === 'GET' && (path === '/v1beta/models' || path === '/v1/models');
    const gemini = geminiPath.exec(path) ?? (listing ? ['', '', 'list'] : null);
    const vertex = vertexPath.exec(path);
    if (!gemini && !vertex) {
      sendJson(ctx.res, 404, googleErrorBody({ status: 404, errorMessage: `Not found: ${path}` }).body);
      return;
    }
    if (gemini) {
      const key = ctx.req.headers['x-goog-api-key'] ?? ctx.url.searchParams.get('key');
      if (!key || (options.apiKey !== undefined && key !== options.apiKey)) {
        sendJson(ctx.res, 400, invalidApiKeyBody);
        return;
      }
    } else {
      const bearer = ctx.req.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (!bearer || !tokens.has(bearer)) {
        const { status, body } = googleErrorBody({ status: 401 });
        sendJson(ctx.res, status, body);
        return;
      }
    }
    const [, model, method] = (gemini ?? vertex)! as unknown as [string, string, string];
    if (listing) {
      geminiModelsList(ctx, models);
      return;
    }
    // PaLM (`*-bison`, `:predict`) is retired on Vertex: like any other unknown model, a 404.
    if (!models.includes(model) || method === 'predict') {
      sendJson(ctx.res, 404, modelNotFoundBody(model, vertex ? path.slice(4, path.lastIndexOf(':')) : undefined));
      return;
    }
    const refusal = thinkingRefusal(model, ((ctx.recorded.body ?? {}) as GenerateBody).generationConfig?.thinkingConfig);
    if (refusal) {
      sendJson(ctx.res, 400, googleErrorBody({ status: 400, errorMessage: refusal }).body);
      return;
    }
    const functionProblem = geminiFunctionProblem((ctx.recorded.body ?? {}) as Parameters<typeof geminiFunctionProblem>[0], thinks(model));
    if (functionProblem) {
      sendJson(ctx.res, 400, googleErrorBody({ status: 400, errorMessage: functionProblem }).body);
      return;
    }
    const reply = ctx.takeReply(model);
    if (reply.status && reply.status >= 400) {
      const { status, body } = googleErrorBody(reply);
      sendJson(ctx.res, status, body);
      return;
    }
    const contentProblem = geminiContentProblem((ctx.recorded.body as GenerateBody | undefined)?.contents);
    if (contentProblem) {
      sendJson(ctx.res, 400, googleErrorBody({ status: 400, errorMessage: contentProblem }).body);
      return;
    }
    await generate(ctx, model, method === 'streamGenerateContent', reply);
  });
  account.key.token_uri = `${fake.url}/token`;
  return Object.assign(fake, { serviceAccount: account.key });
}
