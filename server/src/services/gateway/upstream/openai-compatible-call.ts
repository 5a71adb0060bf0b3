import type { LookupFunction } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { trimSlash } from '../../../providers/sampling.ts';
import { azureOpenAIRoot } from '../../../providers/azureOpenAI/azure-provider.ts';
import { deploymentFor, parseAzureCredential } from '../../../providers/azureOpenAI/azure-credential.ts';
import { bodyText, failureOf, postUpstream } from '../../../providers/chat-completions/upstream-request.ts';
import { ProviderError } from '../../../providers/provider-error.ts';
import type { UpstreamTarget } from '../upstream-target.ts';

/** Where each OpenAI-compatible endpoint's API answers when the operator set no base URL. */
const defaultBaseURLs = {
  openAI: 'https://api.openai.com/v1',
  deepSeek: 'https://api.deepseek.com',
  grok: 'https://api.x.ai/v1',
} as const;

/** A whole non-streamed answer is read up to this size (a page of base64 pictures fits). */
const ANSWER_MAX_CHARS = 64 * 1024 * 1024;

export type CompatiblePath = 'chat/completions' | 'responses' | 'images/generations' | 'embeddings';

interface CompatibleRequest {
  url: URL;
  headers: Record<string, string>;
  lookup?: LookupFunction;
  /** Azure names the model in the URL (its deployment); the body's `model` is left as asked for. */
  sentModel: string;
}

/** The address, credential header and model id of one call to an OpenAI-compatible API. */
export function compatibleRequest(target: UpstreamTarget, path: CompatiblePath): CompatibleRequest {
  const { credentials, endpoint } = target;
  if (endpoint === 'azureOpenAI') {
    const credential = parseAzureCredential(credentials.apiKey);
    const deployment = deploymentFor(credential, target.model, target.upstreamModel);
    const { root, lookup } = azureOpenAIRoot(credential, credentials);
    const version = encodeURIComponent(credential.azureOpenAIApiVersion);
    return {
      url: new URL(`${root}/deployments/${encodeURIComponent(deployment)}/${path}?api-version=${version}`),
      headers: { 'api-key': credential.azureOpenAIApiKey },
      lookup,
      sentModel: target.upstreamModel,
    };
  }
  const fallback = defaultBaseURLs[endpoint as keyof typeof defaultBaseURLs];
  if (!fallback) throw new ProviderError('upstream_error', `${endpoint} is not an OpenAI-compatible API`);
  const base = trimSlash(credentials.baseURL ?? fallback);
  return { url: new URL(`${base}/${path}`), headers: { authorization: `Bearer ${credentials.apiKey}` }, sentModel: target.upstreamModel };
}

/** Sends one JSON body and answers the response once its head arrived; a failed status is thrown as its ProviderError. */
export async function postCompatible(request: CompatibleRequest, body: string, signal: AbortSignal): Promise<{ response: IncomingMessage; destroy(): void }> {
  const sent = await postUpstream({ url: request.url, headers: request.headers, body, lookup: request.lookup }, signal);
  if ((sent.response.statusCode ?? 0) >= 400) throw await failureOf(sent.response);
  return sent;
}

/** A whole answer as text, bounded. */
export async function readAnswer(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const piece of bodyText(response)) {
    text += piece;
    if (text.length > ANSWER_MAX_CHARS) throw new ProviderError('upstream_error', `the upstream answer passed ${ANSWER_MAX_CHARS} characters`);
  }
  return text;
}
