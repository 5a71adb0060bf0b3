import { randomBytes } from 'node:crypto';
import {
  echoChunks,
  sendJson,
  sleep,
  startFakeServer,
  streamFrames,
  type FakeContext,
  type FakeReply,
  type FakeUpstream,
} from './fake-server.ts';
import { googleErrorBody, invalidApiKeyBody } from './google-errors.ts';
import { createServiceAccount, verifyAssertion, type ServiceAccountKey } from './service-account.ts';
import { predict } from './vertex-predict.ts';

export interface GoogleFakeOptions {
  /** When set, another Gemini API key is refused the way Google does (400 API_KEY_INVALID). */
  apiKey?: string;
}

export interface GoogleFake extends FakeUpstream {
  /** A service-account key file whose token_uri is this fake's `/token`. */
  serviceAccount: ServiceAccountKey;
}

interface GenerateBody {
  contents?: { role?: string; parts?: { text?: string }[] }[];
}

const geminiPath = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;
const vertexPath = /^\/v1(?:beta1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):(streamGenerateContent|generateContent|predict)$/;

function lastUserText(body: GenerateBody): string | undefined {
  const user = [...(body.contents ?? [])].reverse().find((c) => c.role !== 'model');
  return user?.parts?.map((p) => p.text ?? '').join('');
}

/** Gemini `generateContent`: with `alt=sse`, one `data:` frame per candidate delta, the last with finishReason. */
async function generate(ctx: FakeContext, model: string, streaming: boolean, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as GenerateBody;
  const chunks = reply.chunks ?? echoChunks(lastUserText(body));
  const reasoning = reply.reasoning ?? [];
  const prompt = reply.usage?.promptTokens ?? 8;
  const output = reply.usage?.completionTokens ?? chunks.length;
  const usageMetadata = {
    promptTokenCount: prompt,
    candidatesTokenCount: output,
    totalTokenCount: prompt + output,
    ...(reasoning.length > 0 ? { thoughtsTokenCount: reasoning.length } : {}),
  };
  const finishReason = reply.finishReason ?? 'STOP';
  const candidate = (parts: object[], finish?: string) => ({
    content: { parts, role: 'model' },
    ...(finish ? { finishReason: finish } : {}),
    index: 0,
  });

  if (!streaming || ctx.url.searchParams.get('alt') !== 'sse') {
    const parts = [
      ...(reasoning.length > 0 ? [{ text: reasoning.join(''), thought: true }] : []),
      { text: chunks.join('') },
    ];
    const response = { candidates: [candidate(parts, finishReason)], usageMetadata, modelVersion: model };
    // Without alt=sse, streamGenerateContent answers one JSON array of responses.
    sendJson(ctx.res, 200, streaming ? [response] : response);
    return;
  }
  const frame = (data: unknown) => `data: ${JSON.stringify(data)}\r\n\r\n`;
  const deltas = [
    ...reasoning.map((text) => ({ text, thought: true })),
    ...chunks.map((text) => ({ text })),
  ];
  const frames = deltas.map((part, i) => {
    const last = i === deltas.length - 1 && !reply.hold;
    return frame({
      candidates: [candidate([part], last ? finishReason : undefined)],
      usageMetadata: last ? usageMetadata : { promptTokenCount: prompt, totalTokenCount: prompt },
      modelVersion: model,
    });
  });
  await streamFrames(ctx, frames, reply);
}

/**
 * Fake Google: the Gemini API (`/v1beta/models/{m}:streamGenerateContent?alt=sse`, API key), Vertex
 * AI (`/v1/projects/{p}/locations/{l}/publishers/google/models/{m}:streamGenerateContent|:predict`,
 * bearer token) and the OAuth token endpoint for the service-account JWT-bearer grant (`/token`).
 */
export async function startGoogleFake(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const tokens = new Set<string>();
  // The key pair exists before the server; its token_uri is filled in once the port is known.
  const account = createServiceAccount('');
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
    const gemini = geminiPath.exec(path);
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
    const reply = ctx.takeReply();
    if (reply.status && reply.status >= 400) {
      const { status, body } = googleErrorBody(reply);
      sendJson(ctx.res, status, body);
      return;
    }
    if (method === 'predict') {
      await predictReply(ctx, reply);
      return;
    }
    await generate(ctx, model, method === 'streamGenerateContent', reply);
  });
  account.key.token_uri = `${fake.url}/token`;
  return Object.assign(fake, { serviceAccount: account.key });
}

/** `:predict` is not streamed: the whole answer arrives after the scripted latency. */
async function predictReply(ctx: FakeContext, reply: FakeReply) {
  if (reply.hold) {
    await new Promise<void>((resolve) => ctx.res.once('close', () => resolve()));
    return;
  }
  if (reply.delayMs) await sleep(reply.delayMs * Math.max(1, reply.chunks?.length ?? 1));
  if (ctx.res.destroyed) return;
  sendJson(ctx.res, 200, predict(ctx.recorded.body, reply));
}
