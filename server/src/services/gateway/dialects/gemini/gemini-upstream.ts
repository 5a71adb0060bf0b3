import { randomBytes } from 'node:crypto';
import { accessToken, parseServiceAccount, type TokenScope } from '../../../../providers/google/service-account.ts';
import { trimSlash } from '../../../../providers/sampling.ts';
import type { CanonicalChunk, CanonicalCompletion, CanonicalRequest } from '../canonical.ts';
import { openUpstream, parseFrame, readFrames, readJson, type UpstreamAddress } from '../upstream-call.ts';
import { fromGeminiResponse, GeminiStreamReader } from './from-gemini-response.ts';
import type { GeminiResponse } from './gemini-types.ts';
import { toGeminiRequest } from './to-gemini-request.ts';

/** A Google account: a Gemini API key, or a service-account key (JSON) for Vertex AI. */
export interface GoogleAccount extends TokenScope {
  apiKey: string;
  /** The Gemini API's origin, or the Vertex host; Google's own when absent. */
  baseURL?: string;
  /** The operator's Vertex AI region (`GOOGLE_VERTEX_LOCATION`). */
  settings?: { vertexLocation?: string };
}

/**
 * The address of `model`'s `method` on the account's API: the Gemini API with `x-goog-api-key`,
 * or Vertex AI with a service account's OAuth token. Streams ask for SSE (`alt=sse`).
 */
export async function geminiTarget(account: GoogleAccount, model: string, method: 'generateContent' | 'streamGenerateContent' | 'countTokens', signal: AbortSignal): Promise<UpstreamAddress> {
  const query = method === 'streamGenerateContent' ? '?alt=sse' : '';
  const serviceAccount = parseServiceAccount(account.apiKey);
  if (!serviceAccount) {
    const base = trimSlash(account.baseURL ?? 'https://generativelanguage.googleapis.com');
    return { url: `${base}/v1beta/models/${encodeURIComponent(model)}:${method}${query}`, headers: { 'x-goog-api-key': account.apiKey } };
  }
  // The chat's default: the global endpoint, whose host has no region in front.
  const location = account.settings?.vertexLocation ?? 'global';
  const base = trimSlash(account.baseURL ?? (location === 'global' ? 'https://aiplatform.googleapis.com' : `https://${location}-aiplatform.googleapis.com`));
  const token = await accessToken(serviceAccount, signal, account);
  return {
    url: `${base}/v1/projects/${serviceAccount.project_id}/locations/${location}/publishers/google/models/${encodeURIComponent(model)}:${method}${query}`,
    headers: { authorization: `Bearer ${token}` },
  };
}

const now = () => Math.floor(Date.now() / 1000);
const completionId = () => `chatcmpl-${randomBytes(12).toString('base64url')}`;

/** A Chat Completions request answered by a Gemini model, streamed back as chunks, the last one the usage. */
export async function* geminiChunks(account: GoogleAccount, request: CanonicalRequest, model: string, signal: AbortSignal): AsyncGenerator<CanonicalChunk> {
  const body = toGeminiRequest(request, model);
  const answer = await openUpstream(await geminiTarget(account, model, 'streamGenerateContent', signal), body, signal);
  let finished = false;
  try {
    const reader = new GeminiStreamReader(model, completionId(), now());
    for await (const frame of readFrames(answer)) {
      for (const chunk of reader.read(parseFrame<GeminiResponse>(frame.data))) yield chunk;
    }
    yield reader.usageChunk();
    finished = true;
  } finally {
    if (!finished) answer.close();
  }
}

/** A Chat Completions request answered whole by a Gemini model. */
export async function geminiCompletion(account: GoogleAccount, request: CanonicalRequest, model: string, signal: AbortSignal): Promise<CanonicalCompletion> {
  const body = toGeminiRequest(request, model);
  const answer = await openUpstream(await geminiTarget(account, model, 'generateContent', signal), body, signal);
  return fromGeminiResponse(await readJson<GeminiResponse>(answer), model, completionId(), now());
}
