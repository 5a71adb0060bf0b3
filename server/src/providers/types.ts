/**
 * The one interface every endpoint implements. A provider turns a branch of messages plus
 * endpoint options into a stream of events; it knows nothing of HTTP, storage or SSE.
 */
import type { AliasOverrides, EndpointName, MessageFile } from '@parley/core';
import type { OutboundPolicy } from '../net/outbound-url.ts';
import type { ServiceAccountTokens } from './google/service-account.ts';

/** A picture or PDF sent with a turn, already fitted to the provider's limits. */
export interface TurnAttachment {
  mediaType: string;
  data: Buffer;
  filename: string;
}

/** Where a reply lives in a provider that keeps the conversation itself (ChatGPT's web back end). */
export interface UpstreamThread {
  conversationId: string;
  messageId: string;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** A reply's place upstream, when its provider keeps the conversation: the next turn continues from it. */
  upstreamThread?: UpstreamThread;
  /** The message's files, as stored; turned into `attachments` and document text before the call. */
  files?: MessageFile[];
  attachments?: TurnAttachment[];
}

/** The model one call of a multi-call request uses, and the endpoint whose account and prices it runs on. */
export interface MeteredCall {
  endpoint: EndpointName;
  model: string;
}

/** The operator's settings of the upstream APIs (env), beside the credential. */
export interface ProviderSettings {
  /** `OPENAI_API`: the API OpenAI reasoning models are called through; by the base URL when unset (see `openAIApiOf`). */
  openAIApi?: 'responses' | 'chat';
  /** `GOOGLE_VERTEX_LOCATION`: the Vertex AI location of service-account keys (`global` when unset). */
  vertexLocation?: string;
  /** `CHATGPT_BROWSER_TIMEOUT_MS`: silence from the ChatGPT reverse proxy for this long fails the call. */
  chatGPTBrowserTimeoutMs?: number;
  /** `BINGAI_PROTOCOL`: what the bingAI endpoint speaks (Copilot when unset). */
  bingProtocol?: 'copilot' | 'sydney';
}

export interface ChatRequest {
  /** Our model id from the endpoint registry (for example `gpt-o3-mini`); the provider maps it upstream. */
  model: string;
  /** The operator's `X_MODEL_ALIASES` for this endpoint, applied before the catalog's mapping. */
  modelAliases?: AliasOverrides;
  messages: ChatTurn[];
  /** Endpoint options as the client sent them (temperature, top_p, promptPrefix, topK…). */
  options: Record<string, unknown>;
  /** The resolved credential: a plain key, or a JSON string for Azure / service-account keys. */
  apiKey: string;
  /** Reverse proxy or compatible server; the provider's public URL when absent. */
  baseURL?: string;
  /** Whose credential this is (a user id, or absent for the server's); scopes tokens cached for it. */
  owner?: string;
  /**
   * Where addresses found inside the credential (a token_uri, an Azure instance) may lead;
   * the strict default when absent. The server's own keys are trusted like its base URLs.
   */
  outbound?: OutboundPolicy;
  /** Where a service-account key's tokens are kept between calls (the app context's); none: a token per call. */
  serviceAccountTokens?: ServiceAccountTokens;
  /** The operator's settings of the upstream APIs; their defaults when absent. */
  settings?: ProviderSettings;
  /**
   * Called before each model call of a request that makes several (an agent's steps, its
   * completion): holds the price of the model that call uses, or throws when the payer cannot
   * afford it. A single call of the request's own model needs not call it.
   */
  beforeCall?: (call: MeteredCall) => Promise<void>;
  /**
   * A short side call (a conversation title) that should not pay for thinking: reasoning off
   * where the model lets it be switched off, else the least the model allows.
   */
  leastReasoning?: boolean;
  /**
   * The upstream's own conversation this message continues (Bing keeps one upstream), as the
   * provider's last `session` event left it; absent: the provider starts one, sending the history.
   */
  session?: UpstreamSession;
}

/** A provider's record of its upstream conversation, stored with Parley's and never shown to the client. */
export type UpstreamSession = Record<string, string | number | boolean | null>;

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other' | 'unknown';

export type ChatEvent =
  | { type: 'text'; delta: string }
  | { type: 'reasoning'; delta: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; output: unknown }
  /** A picture of the reply; `download`: an upstream address the server fetches and keeps rather than links. */
  | { type: 'image'; url: string; download?: boolean }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** The upstream model that is answering, as the provider's response names it. */
  | { type: 'model'; id: string }
  /** Where the reply is kept upstream (a provider that keeps the conversation): stored with it for the next turn. */
  | ({ type: 'upstream-thread' } & UpstreamThread)
  | { type: 'finish'; reason: FinishReason }
  /** The upstream conversation as it stands after this turn (kept so the next message continues it). */
  | { type: 'session'; state: UpstreamSession }
  /** A source the reply cites, numbered in the order it came. */
  | { type: 'source'; url: string; title: string }
  /** Follow-up questions the upstream suggests. */
  | { type: 'suggestions'; items: string[] };

export interface ChatProvider {
  stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatEvent>;
}
